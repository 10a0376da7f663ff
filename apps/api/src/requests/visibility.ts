import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visibilityScope } from '@voirie/domain';

/** Who is looking: an account id, its e-mail and roles. */
export interface Viewer {
  id: number;
  email: string;
  roles: readonly string[];
}

/**
 * The requests a viewer may see, as a condition on `request r` (ARCHITECTURE §4b), built from
 * the domain's visibilityScope: 'all' sees everything; every other scope sees its own requests
 * (filed by the account, or where its account or e-mail is the applicant or the beneficiary);
 * 'perimeter' adds those whose geometry meets one of its guichet/gestionnaire perimeters;
 * 'operator' adds those attached to its operator. Null: no condition.
 */
export function visibilityCondition(viewer: Viewer): RawBuilder<SqlBool> | null {
  const scope = visibilityScope(viewer);
  if (scope === 'all') return null;
  const email = viewer.email.toLowerCase();
  const mine = sql`(SELECT pv.id FROM petitioner pv WHERE pv.std_user_id = ${viewer.id} OR lower(pv.email) = ${email})`;
  const own = sql<SqlBool>`(r.owner_user_id = ${viewer.id} OR r.petitioner_id IN ${mine} OR r.beneficiary_id IN ${mine})`;
  if (scope === 'perimeter') {
    return sql<SqlBool>`(${own} OR r.id IN (
      SELECT rv.id FROM request rv
      JOIN perimeter pe ON ST_Intersects(rv.the_geom, pe.geom)
      JOIN user_perimeter up ON up.perimeter_id = pe.id
      WHERE up.user_id = ${viewer.id} AND up.kind IN ('guichet', 'gestionnaire')))`;
  }
  if (scope === 'operator') {
    return sql<SqlBool>`(${own} OR r.operator_perimeter_id IN (
      SELECT up.perimeter_id FROM user_perimeter up WHERE up.user_id = ${viewer.id} AND up.kind = 'operateur'))`;
  }
  return own;
}
