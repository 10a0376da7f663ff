import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';

/** spec 2 City, with the town's INSEE code. */
export interface CityItem {
  id: number;
  name: string;
  mailMairie: string | null;
  mailPM: string | null;
  insee: string;
}

function cities(db: Kysely<Database>) {
  return db.selectFrom('city').select(['id', 'name', 'mailMairie', 'mailPm', 'inseeCode']);
}

function present(row: { id: number; name: string; mailMairie: string | null; mailPm: string | null; inseeCode: string }): CityItem {
  return { id: row.id, name: row.name, mailMairie: row.mailMairie, mailPM: row.mailPm, insee: row.inseeCode };
}

/** `GET cities`: the member towns with their recipient e-mails, by name. */
export async function listCities(db: Kysely<Database>): Promise<CityItem[]> {
  const rows = await cities(db).orderBy(sql`search_normalize(name)`).orderBy('id').execute();
  return rows.map(present);
}

/** `GET city/{id}`: one town, or null. */
export async function getCity(db: Kysely<Database>, id: number): Promise<CityItem | null> {
  const row = await cities(db).where('id', '=', id).executeTakeFirst();
  return row ? present(row) : null;
}
