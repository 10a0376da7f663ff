import { sql, type Kysely } from 'kysely';
import type { PerimeterQuery } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import type { PerimeterType } from '../../db/schema/geography.ts';
import { pointOf } from './sql-helpers.ts';

/** A perimeter as listed by `GET perimeter`. */
export interface PerimeterListItem {
  id: number;
  libelle: string;
  type: PerimeterType;
  code: string | null;
}

/** A territory inside a group. */
export interface PerimeterMemberItem {
  id: number;
  libelle: string;
  type: 'department' | 'epci' | 'town';
}

/** `GET perimeter/{id}`: the perimeter and, for a group, its member territories. */
export interface PerimeterDetail extends PerimeterListItem {
  perimeters: PerimeterMemberItem[];
}

const GROUP_TYPES: readonly PerimeterType[] = ['operator', 'soustraitant'];

/** Lower case, no accents, hyphens and apostrophes as blanks: 'benesse maremne' finds 'Bénesse-Maremne'. */
function searchable(value: unknown) {
  return sql<string>`translate(search_normalize(${value}), '-''’', '   ')`;
}

/**
 * `GET perimeter` / `POST perimeter`: perimeters by type, by name (accent- and case-blind,
 * anywhere in the name) and/or containing a point — a territory by its own geometry, an operator
 * through its member territories. Ordered by name; deleted groups never appear. `operators`
 * narrows the answer to operators, all of them ('any') or these ids (the `fileable` search).
 */
export async function searchPerimeters(
  db: Kysely<Database>,
  query: PerimeterQuery,
  options: { operators?: 'any' | readonly number[] } = {},
): Promise<PerimeterListItem[]> {
  let select = db
    .selectFrom('perimeter as p')
    .select(['p.id', 'p.libelle', 'p.type', 'p.code'])
    .where('p.deletedAt', 'is', null);
  if (query.type) select = select.where('p.type', '=', query.type);
  if (options.operators !== undefined) {
    select = select.where('p.type', '=', 'operator');
    if (options.operators !== 'any') {
      if (options.operators.length === 0) return [];
      select = select.where('p.id', 'in', options.operators);
    }
  }
  const q = query.q?.trim();
  if (q)
    select = select.where(sql<boolean>`strpos(${searchable(sql.ref('p.libelle'))}, ${searchable(q)}) > 0`);
  if (query.lon !== undefined && query.lat !== undefined) {
    const point = pointOf(query.lon, query.lat);
    select = select.where(
      sql<boolean>`(
        (p.geom IS NOT NULL AND ST_Intersects(p.geom, ${point}))
        OR (p.type = 'operator' AND EXISTS (
          SELECT 1 FROM perimeter_member m JOIN perimeter t ON t.id = m.perimeter_id
          WHERE m.operator_id = p.id AND ST_Intersects(t.geom, ${point})))
      )`,
    );
  }
  return select
    .orderBy(sql`search_normalize(p.libelle)`)
    .orderBy('p.id')
    .limit(query.limit)
    .execute();
}

/** `GET perimeter/{id}`: one perimeter with its member territories (operators), or null (a deleted group too). */
export async function getPerimeter(db: Kysely<Database>, id: number): Promise<PerimeterDetail | null> {
  const row = await db
    .selectFrom('perimeter')
    .select(['id', 'libelle', 'type', 'code'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (!GROUP_TYPES.includes(row.type)) return { ...row, perimeters: [] };
  const members = await db
    .selectFrom('perimeterMember as m')
    .innerJoin('perimeter as t', 't.id', 'm.perimeterId')
    .select(['t.id', 't.libelle', 't.type'])
    .where('m.operatorId', '=', id)
    .orderBy(sql`search_normalize(t.libelle)`)
    .orderBy('t.id')
    .execute();
  return {
    ...row,
    perimeters: members.filter((m): m is PerimeterMemberItem => !GROUP_TYPES.includes(m.type)),
  };
}
