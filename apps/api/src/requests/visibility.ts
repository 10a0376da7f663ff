import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visibilityScope } from '@voirie/domain';

/** Who is looking: an account id, its e-mail and roles. */
export interface Viewer {
  id: number;
  email: string;
  roles: readonly string[];
}

/** Who acts: a viewer, with the picture the history shows beside its entries. */
export interface Actor extends Viewer {
  picture: string | null;
}

/**
 * The requests a viewer may see, as a condition on `request r` (ARCHITECTURE §4b), built from
 * the domain's visibilityScope: 'all' sees everything; every other scope sees its own requests
 * (filed by the account, or where its account is the applicant or the beneficiary — linked by an
 * accepted invitation, never by a typed e-mail);
 * 'perimeter' adds those whose geometry meets one of its guichet/gestionnaire perimeters;
 * 'operator' adds those attached to its operator. Null: no condition.
 */
export function visibilityCondition(viewer: Viewer): RawBuilder<SqlBool> | null {
  const scope = visibilityScope(viewer);
  if (scope === 'all') return null;
  // A party is the viewer's only through its account (the filer's own address, or an accepted
  // invitation): never through an e-mail typed by someone else (issue 13).
  const mine = sql`(SELECT pv.id FROM petitioner pv WHERE pv.std_user_id = ${viewer.id})`;
  const own = sql<SqlBool>`(r.owner_user_id = ${viewer.id} OR r.petitioner_id IN ${mine} OR r.beneficiary_id IN ${mine})`;
  if (scope === 'perimeter') {
    // One stored shape GEOS cannot read (an unclosed ring, a bow-tie) made ST_Intersects fail
    // the whole list (PostgreSQL: an error; PGlite: no row at all). Both sides are made valid
    // first — the viewer's few perimeters once (MATERIALIZED), each request's shape only when
    // its box meets them (`&&`, the GiST index).
    return sql<SqlBool>`(${own} OR r.id IN (
      WITH territory AS MATERIALIZED (
        SELECT ST_MakeValid(pe.geom) AS geom FROM perimeter pe
        JOIN user_perimeter up ON up.perimeter_id = pe.id
        WHERE up.user_id = ${viewer.id} AND up.kind IN ('guichet', 'gestionnaire') AND pe.geom IS NOT NULL)
      SELECT rv.id FROM request rv
      JOIN territory t ON rv.the_geom && t.geom
      WHERE ST_Intersects(ST_MakeValid(rv.the_geom), t.geom)))`;
  }
  if (scope === 'operator') {
    return sql<SqlBool>`(${own} OR r.operator_perimeter_id IN (
      SELECT up.perimeter_id FROM user_perimeter up WHERE up.user_id = ${viewer.id} AND up.kind = 'operateur'))`;
  }
  return own;
}
