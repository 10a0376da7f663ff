import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema/index.ts';

// Groups, mandates and accounts' links for the tests of docs/api-groups.md, written straight to the
// database (the routes themselves are tested in groups-routes.integration.test.ts).

/** A live operator or subcontractor group; its id. */
export async function insertGroup(
  db: Kysely<Database>,
  group: { libelle: string; code: string; type: 'operator' | 'soustraitant'; members?: readonly number[] },
): Promise<number> {
  const { id } = await db
    .insertInto('perimeter')
    .values({ libelle: group.libelle, code: group.code, type: group.type, geom: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const perimeterId of group.members ?? [])
    await db.insertInto('perimeterMember').values({ operatorId: id, perimeterId }).execute();
  return id;
}

/** A mandate of a subcontractor group by an operator, days both included (dateTo null: no end). */
export async function insertMandate(
  db: Kysely<Database>,
  mandate: { soustraitantId: number; operatorId: number; dateFrom: string; dateTo: string | null },
): Promise<number> {
  const { id } = await db.insertInto('mandate').values(mandate).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Attaches an account to a perimeter (a group or a territory) with its kind. */
export async function linkAccount(
  db: Kysely<Database>,
  userId: number,
  perimeterId: number,
  kind: 'guichet' | 'gestionnaire' | 'operateur' | 'soustraitant',
): Promise<void> {
  await db.insertInto('userPerimeter').values({ userId, perimeterId, kind }).execute();
}

/** The id of a territory by its type and code (INSEE code of a town). */
export async function territoryId(
  db: Kysely<Database>,
  type: 'department' | 'epci' | 'town',
  code?: string,
): Promise<number> {
  let query = db.selectFrom('perimeter').select('id').where('type', '=', type);
  if (code !== undefined) query = query.where('code', '=', code);
  return (await query.orderBy('id').executeTakeFirstOrThrow()).id;
}

/** A French calendar day shifted by `days` from `day` ('YYYY-MM-DD'). */
export function shiftDay(day: string, days: number): string {
  const time = Date.parse(`${day}T12:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}
