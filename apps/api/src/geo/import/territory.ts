import { sql, type RawBuilder } from 'kysely';
import { TOWNS } from '@voirie/domain';

/** INSEE codes of the 23 member towns. */
export const MEMBER_INSEE_CODES: ReadonlySet<string> = new Set(TOWNS.map((town) => town.inseeCode));

export function isMemberTown(inseeCode: string | null | undefined): boolean {
  return inseeCode ? MEMBER_INSEE_CODES.has(inseeCode) : false;
}

/** SQL: the geometry `g` intersects a member town (the `commune` table holds exactly them). */
export function intersectsTerritory(g: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM commune c WHERE ST_Intersects(c.geom, ${g}))`;
}
