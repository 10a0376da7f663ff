import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visibilityGrants, type VisibilityGrant } from '@voirie/domain';

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

const TERRITORY_GRANTS: readonly VisibilityGrant[] = ['guichet', 'gestionnaire'];

/** Its own requests: filed by the account, or where its account is the applicant or the beneficiary. */
function own(viewerId: number): RawBuilder<SqlBool> {
  // A party is the viewer's only through its account (the filer's own address, or an accepted
  // invitation): never through an e-mail typed by someone else.
  const mine = sql`(SELECT pv.id FROM petitioner pv WHERE pv.std_user_id = ${viewerId})`;
  return sql<SqlBool>`(r.owner_user_id = ${viewerId} OR r.petitioner_id IN ${mine} OR r.beneficiary_id IN ${mine})`;
}

/** The requests whose footprint meets one of the viewer's territories of these kinds (guichet, gestionnaire). */
function inTerritories(
  viewerId: number,
  kinds: readonly ('guichet' | 'gestionnaire')[],
): RawBuilder<SqlBool> {
  // One stored shape GEOS cannot read (an unclosed ring, a bow-tie) made ST_Intersects fail
  // the whole list (PostgreSQL: an error; PGlite: no row at all). Both sides are made valid
  // first — the viewer's few perimeters once (MATERIALIZED), each request's shape only when
  // its box meets them (`&&`, the GiST index).
  return sql<SqlBool>`r.id IN (
      WITH territory AS MATERIALIZED (
        SELECT ST_MakeValid(pe.geom) AS geom FROM perimeter pe
        JOIN user_perimeter up ON up.perimeter_id = pe.id
        WHERE up.user_id = ${viewerId} AND up.kind IN (${sql.join(kinds)}) AND pe.geom IS NOT NULL)
      SELECT rv.id FROM request rv
      JOIN territory t ON rv.the_geom && t.geom
      WHERE ST_Intersects(ST_MakeValid(rv.the_geom), t.geom))`;
}

/** The requests attached to one of the viewer's live operator groups. */
function ofOperators(viewerId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`r.operator_perimeter_id IN (
      SELECT up.perimeter_id FROM user_perimeter up
      JOIN perimeter g ON g.id = up.perimeter_id AND g.type = 'operator' AND g.deleted_at IS NULL
      WHERE up.user_id = ${viewerId} AND up.kind = 'operateur')`;
}

/**
 * The requests under the mandates of the viewer's live subcontractor groups: filed by an account
 * of the group (itself or a colleague), attached to an operator that mandated the group, on a
 * day (Paris time) that mandate covers. Uncorrelated: PostgreSQL hashes the ids once.
 */
function underMandates(viewerId: number): RawBuilder<SqlBool> {
  const day = sql`(rm.deposit_date AT TIME ZONE 'Europe/Paris')::date`;
  return sql<SqlBool>`r.id IN (
      SELECT rm.id FROM user_perimeter mine
      JOIN perimeter g ON g.id = mine.perimeter_id AND g.type = 'soustraitant' AND g.deleted_at IS NULL
      JOIN mandate m ON m.soustraitant_id = g.id
      JOIN request rm ON rm.operator_perimeter_id = m.operator_id
      JOIN user_perimeter filer ON filer.perimeter_id = g.id AND filer.kind = 'soustraitant'
        AND filer.user_id = rm.owner_user_id
      WHERE mine.user_id = ${viewerId} AND mine.kind = 'soustraitant'
        AND ${day} >= m.date_from AND (m.date_to IS NULL OR ${day} <= m.date_to))`;
}

/**
 * The requests a viewer may see, as a condition on `request r` — the one condition every read
 * of a request goes through (list, counts, map features, export, detail, documents, mails,
 * history: list-query.ts, findVisibleRequest). Built from the domain's visibilityGrants
 * (docs/api-groups.md "Who sees what"): 'all' sees everything (null: no condition); every other account
 * its own requests, plus, by role, those in its guichet or gestionnaire territories, those of its
 * operators, those under its subcontractor groups' mandates. Links count only with their role:
 * a guichet perimeter of an account no longer Guichet shows nothing.
 */
export function visibilityCondition(viewer: Viewer): RawBuilder<SqlBool> | null {
  const grants = visibilityGrants(viewer);
  if (grants.includes('all')) return null;
  const kinds = grants.filter((grant): grant is 'guichet' | 'gestionnaire' =>
    TERRITORY_GRANTS.includes(grant),
  );
  const parts: RawBuilder<SqlBool>[] = [own(viewer.id)];
  if (kinds.length > 0) parts.push(inTerritories(viewer.id, kinds));
  if (grants.includes('operator')) parts.push(ofOperators(viewer.id));
  if (grants.includes('mandate')) parts.push(underMandates(viewer.id));
  return parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}
