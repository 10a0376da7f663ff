import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import { writeHistory } from '../../history/history.ts';

/** A town's recipients (City, docs/data-model.md), with the town's INSEE code. */
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

function present(row: {
  id: number;
  name: string;
  mailMairie: string | null;
  mailPm: string | null;
  inseeCode: string;
}): CityItem {
  return { id: row.id, name: row.name, mailMairie: row.mailMairie, mailPM: row.mailPm, insee: row.inseeCode };
}

/** `GET cities`: the member towns with their recipient e-mails, by name. */
export async function listCities(db: Kysely<Database>): Promise<CityItem[]> {
  const rows = await cities(db)
    .orderBy(sql`search_normalize(name)`)
    .orderBy('id')
    .execute();
  return rows.map(present);
}

/** `GET city/{id}`: one town, or null. */
export async function getCity(db: Kysely<Database>, id: number): Promise<CityItem | null> {
  const row = await cities(db).where('id', '=', id).executeTakeFirst();
  return row ? present(row) : null;
}

/** An e-mail as the form sends it: '' (or spaces) means none. */
function mailOrNull(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * `PUT city/{id}` (docs/api-recipients.md "The screen"): sets the town's mayor's-office and
 * municipal-police e-mails ('' or null clears one, an absent field is kept) and records the change
 * in the history, in one transaction. Null when the town does not exist (nothing written).
 */
export async function updateCityMails(
  db: Kysely<Database>,
  input: {
    id: number;
    mails: { mailMairie?: string | null | undefined; mailPM?: string | null | undefined };
    actor: { id: number; email: string; picture: string | null };
  },
): Promise<CityItem | null> {
  const changes: { mailMairie?: string | null; mailPm?: string | null } = {};
  if (input.mails.mailMairie !== undefined) changes.mailMairie = mailOrNull(input.mails.mailMairie);
  if (input.mails.mailPM !== undefined) changes.mailPm = mailOrNull(input.mails.mailPM);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('city')
      .set({ ...changes, updatedAt: sql`now()` })
      .where('id', '=', input.id)
      .returning(['id', 'name', 'mailMairie', 'mailPm', 'inseeCode'])
      .executeTakeFirst();
    if (!row) return null;
    await writeHistory(trx, {
      entity: 'city',
      entityId: row.id,
      actor: input.actor,
      context: 'Modification des e-mails de la commune',
      data: { name: row.name, mailMairie: row.mailMairie, mailPM: row.mailPm },
    });
    return present(row);
  });
}
