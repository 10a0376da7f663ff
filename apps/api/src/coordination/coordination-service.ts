import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  canUser,
  conflictStatusOf,
  COORDINATION_MAX_SHOWN,
  COORDINATION_NOT_APPLICABLE,
  COORDINATION_SETTING_KEYS,
  coordinationSettingsOf,
  isPermissionKind,
  resurfacingCutoff,
  stateName,
  worksPeriod,
  type Conflict,
  type ConflictCheckTrigger,
  type CoordinationReport,
  type CoordinationSettings,
  type GeometryCollection,
  type Geometry,
  type RecentResurfacing,
  type StateId,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { parisToday } from '../requests/french-date.ts';
import { siteAddressOf } from '../requests/filing/request-values.ts';
import { AppError } from '../errors/app-error.ts';
import { requestKey } from '../requests/list-service.ts';
import { visibilityCondition, type Actor, type Viewer } from '../policies/visibility.ts';
import {
  conflictsQuery,
  resurfacingsQuery,
  type ConflictRow,
  type ResurfacingRow,
} from './conflict-queries.ts';

// A request's coordination (docs/coordination.md): the other works it meets and the
// recent resurfacings near it, searched in PostGIS (conflict-queries.ts) and presented; the
// latest search of each kind is recorded with the request (`request_conflict_check`).

/** The request as the search reads it, with the settings in force and its recorded searches. */
interface Subject {
  id: number;
  type: number;
  dateStart: string | null;
  dateEnd: string | null;
  hasGeometry: boolean;
  /**
   * The stored settings' texts (`app_setting`) as [key, value] pairs: an array, so that the
   * CamelCasePlugin leaves the keys alone (it renames the keys of JSON objects too).
   */
  storedSettings: [string, string][] | null;
  checks: CheckRow[] | null;
}

interface CheckRow {
  trigger: ConflictCheckTrigger;
  checkedAt: string;
  conflictCount: number;
  resurfacingCount: number;
  firstName: string | null;
  lastName: string | null;
}

const SETTING_KEYS = sql.join(Object.values(COORDINATION_SETTING_KEYS).map((key) => sql.lit(key)));

/**
 * The request, if the viewer may see it (null: every request), read in one round trip with the
 * settings and its recorded searches: the search itself is then the only other work.
 */
async function loadSubject(db: Kysely<Database>, viewer: Viewer | null, where: RawBuilder<SqlBool>) {
  const visible = viewer ? visibilityCondition(viewer) : null;
  const { rows } = await sql<Subject>`
    SELECT r.id, r.type, to_char(r.date_start, 'YYYY-MM-DD') AS "dateStart",
      to_char(r.date_end, 'YYYY-MM-DD') AS "dateEnd", r.the_geom IS NOT NULL AS "hasGeometry",
      (SELECT json_agg(json_build_array(a.key, a.value)) FROM app_setting a WHERE a.key IN (${SETTING_KEYS})) AS "storedSettings",
      (SELECT json_agg(json_build_object('trigger', c.trigger, 'checkedAt', c.checked_at,
          'conflictCount', c.conflict_count, 'resurfacingCount', c.resurfacing_count,
          'firstName', u.first_name, 'lastName', u.last_name) ORDER BY c.checked_at DESC)
        FROM request_conflict_check c LEFT JOIN std_user u ON u.id = c.checked_by
        WHERE c.request_id = r.id) AS checks
    FROM request r WHERE ${where}${visible ? sql` AND ${visible}` : sql``}`.execute(db);
  return rows[0] ?? null;
}

/** The request of a path's key the viewer may see; 404 otherwise, as the detail. */
async function visibleSubject(db: Kysely<Database>, viewer: Viewer, key: string): Promise<Subject> {
  const parsed = requestKey(key);
  const subject = await loadSubject(
    db,
    viewer,
    'id' in parsed ? sql<SqlBool>`r.id = ${parsed.id}` : sql<SqlBool>`r.public_id = ${parsed.publicId}::uuid`,
  );
  if (!subject) throw new AppError('NOT_FOUND', "Cette demande n'existe pas ou ne vous est pas accessible.");
  return subject;
}

interface Findings {
  notice: string | null;
  settings: CoordinationSettings;
  reference: string;
  conflicts: Conflict[];
  resurfacings: RecentResurfacing[];
  limited: boolean;
}

/** Metres to the decimetre: what a table of distances can say. */
const metres = (value: number) => Math.round(value * 10) / 10;

const parse = <T>(json: string | null): T | null => (json ? (JSON.parse(json) as T) : null);

function presentConflict(row: ConflictRow): Conflict {
  return {
    id: row.id,
    publicId: row.publicId,
    numaffaire: row.numaffaire,
    type: row.type,
    stateId: row.stateId,
    stateName: stateName(row.stateId as StateId, row.sendToSign),
    // The search keeps only the states that conflict (COORDINATION_STATES).
    status: conflictStatusOf(row.stateId) ?? 'underInstruction',
    address: siteAddressOf(row),
    dateStart: row.dateStart,
    dateEnd: row.dateEnd,
    distanceMetres: metres(row.distance),
    overlapDays: row.overlapDays,
    geometry: parse<GeometryCollection>(row.geometry),
  };
}

function presentResurfacing(row: ResurfacingRow): RecentResurfacing {
  const label =
    row.source === 'reception'
      ? `Travaux réceptionnés, demande n° ${String(row.id)}${row.numaffaire ? ` (${row.numaffaire})` : ''} : réfection en pleine largeur`
      : (row.name ?? 'Réfection de voirie (couche importée)');
  return {
    source: row.source,
    id: row.id,
    publicId: row.publicId,
    label,
    resurfacedOn: row.resurfacedOn,
    distanceMetres: metres(row.distance),
    geometry: parse<Geometry>(row.geometry),
  };
}

/**
 * Searches the conflicts and the recent resurfacings of a request, as `viewer` may see them (null:
 * all of them, for the record kept at filing). Alignments are not searched; a request without a
 * footprint neither; one without works dates has no period to overlap: only its resurfacings
 * (aged on today) are searched.
 */
async function findings(db: Kysely<Database>, subject: Subject, viewer: Viewer | null): Promise<Findings> {
  const settings = coordinationSettingsOf(Object.fromEntries(subject.storedSettings ?? []));
  const period = worksPeriod(subject.dateStart, subject.dateEnd);
  const reference = period?.start ?? parisToday();
  const empty = { settings, reference, conflicts: [], resurfacings: [], limited: false };
  if (!isPermissionKind(subject.type)) return { ...empty, notice: COORDINATION_NOT_APPLICABLE.notPermission };
  if (!subject.hasGeometry) return { ...empty, notice: COORDINATION_NOT_APPLICABLE.noFootprint };
  const search = {
    requestId: subject.id,
    distanceMetres: settings.distanceMetres,
    visible: viewer ? visibilityCondition(viewer) : null,
    // One more than shown: the service knows when a list was cut.
    limit: COORDINATION_MAX_SHOWN + 1,
  };
  const [conflicts, resurfacings] = await Promise.all([
    period ? conflictsQuery(search).execute(db) : Promise.resolve({ rows: [] as ConflictRow[] }),
    resurfacingsQuery({ ...search, cutoff: resurfacingCutoff(reference, settings.resurfacingYears) }).execute(
      db,
    ),
  ]);
  return {
    notice: period ? null : COORDINATION_NOT_APPLICABLE.noPeriod,
    settings,
    reference,
    conflicts: conflicts.rows.slice(0, COORDINATION_MAX_SHOWN).map(presentConflict),
    resurfacings: resurfacings.rows.slice(0, COORDINATION_MAX_SHOWN).map(presentResurfacing),
    limited: Math.max(conflicts.rows.length, resurfacings.rows.length) > COORDINATION_MAX_SHOWN,
  };
}

/** The latest search of each kind, with who made it, most recent first. */
function presentChecks(rows: readonly CheckRow[] | null): CoordinationReport['checks'] {
  return (rows ?? []).map((row) => ({
    trigger: row.trigger,
    checkedAt: new Date(row.checkedAt).toISOString(),
    checkedBy: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    conflictCount: row.conflictCount,
    resurfacingCount: row.resurfacingCount,
  }));
}

/** Records a search: the latest of its kind replaces the previous one. */
async function recordCheck(
  db: Kysely<Database>,
  check: { requestId: number; trigger: ConflictCheckTrigger; checkedBy: number | null; found: Findings },
): Promise<void> {
  const values = {
    checkedAt: sql<Date>`now()`,
    checkedBy: check.checkedBy,
    conflictCount: check.found.conflicts.length,
    resurfacingCount: check.found.resurfacings.length,
  };
  await db
    .insertInto('requestConflictCheck')
    .values({ requestId: check.requestId, trigger: check.trigger, ...values })
    .onConflict((oc) => oc.columns(['requestId', 'trigger']).doUpdateSet(values))
    .execute();
}

function report(viewer: Viewer, subject: Subject, found: Findings): CoordinationReport {
  return {
    requestId: subject.id,
    ...found,
    checks: presentChecks(subject.checks),
    abilities: { search: canUser(viewer, 'searchConflicts') && isPermissionKind(subject.type) },
  };
}

/**
 * `GET request/{id}/conflicts`: the request's coordination as the viewer may see it (a road
 * manager: the conflicting requests of its territory only); 404 when the request is not visible.
 */
export async function loadCoordination(
  db: Kysely<Database>,
  viewer: Viewer,
  key: string,
): Promise<CoordinationReport> {
  const subject = await visibleSubject(db, viewer, key);
  return report(viewer, subject, await findings(db, subject, viewer));
}

/**
 * `POST request/{id}/conflicts`: searches again (« Rechercher les conflits », or the decision
 * dialog opening) and records what was found, by whom (an alignment is not searched: nothing is
 * recorded).
 */
export async function searchConflicts(
  db: Kysely<Database>,
  actor: Actor,
  key: string,
  trigger: Exclude<ConflictCheckTrigger, 'filing'>,
): Promise<CoordinationReport> {
  const subject = await visibleSubject(db, actor, key);
  const found = await findings(db, subject, actor);
  if (!isPermissionKind(subject.type)) return report(actor, subject, found);
  await recordCheck(db, { requestId: subject.id, trigger, checkedBy: actor.id, found });
  // The checks as recorded now, this one included.
  return report(actor, (await loadSubject(db, null, sql<SqlBool>`r.id = ${subject.id}`)) ?? subject, found);
}

/**
 * The search at filing (« au dépôt »), run after the filing's commit: every conflict
 * counts, whoever filed. Best effort — the detail searches again when opened — so a failure is
 * returned, never thrown: it cannot undo the filing.
 */
export async function recordFilingCheck(
  db: Kysely<Database>,
  requestId: number,
): Promise<{ conflicts: number } | { error: unknown }> {
  try {
    const subject = await loadSubject(db, null, sql<SqlBool>`r.id = ${requestId}`);
    if (!subject || !isPermissionKind(subject.type)) return { conflicts: 0 };
    const found = await findings(db, subject, null);
    await recordCheck(db, { requestId, trigger: 'filing', checkedBy: null, found });
    return { conflicts: found.conflicts.length };
  } catch (error) {
    return { error };
  }
}
