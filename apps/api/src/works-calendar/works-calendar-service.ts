import type { Kysely } from 'kysely';
import {
  findTownByInseeCode,
  isStateId,
  localitiesOfTown,
  publicStreet,
  publicTown,
  REQUEST_KIND_LABELS,
  stateName,
  trafficImpact,
  WORKS_CALENDAR_MAX_ITEMS,
  type RequestKind,
  type WorksCalendar,
  type WorksCalendarItem,
  type WorksCalendarQuery,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import {
  impactSubjectOf,
  worksLocalitiesQuery,
  worksOperatorsQuery,
  worksQuery,
  type WorksRow,
} from '../public-works/works-query.ts';
import { locationOf } from '../requests/present-request.ts';
import { visibilityCondition, type Viewer } from '../policies/visibility.ts';

// The works calendar (/chantiers, docs/works-calendar.md): the granted permissions'
// works over a window, as the viewer may see them (visibility.ts: a road manager, its perimeters'
// requests only), for the map of a day and the timeline by town and road.

function itemOf(row: WorksRow): WorksCalendarItem {
  const town = publicTown(row.addressCity);
  return {
    publicId: row.publicId,
    numaffaire: row.numaffaire,
    type: row.type,
    nature: REQUEST_KIND_LABELS[row.type as RequestKind] ?? '',
    stateId: row.stateId,
    stateName: isStateId(row.stateId) ? stateName(row.stateId) : 'Inconnu',
    town: town.name,
    insee: town.insee,
    street: publicStreet(row.addressType, row.addressName),
    location: locationOf(row),
    dateStart: row.dateStart,
    dateEnd: row.dateEnd,
    operator: row.operatorId === null ? null : { id: row.operatorId, libelle: row.operatorName ?? '' },
    impact: trafficImpact(impactSubjectOf(row)),
    geometry: row.geometry === null ? null : (JSON.parse(row.geometry) as WorksCalendarItem['geometry']),
  };
}

/**
 * `GET works-calendar` (docs/works-calendar.md): the works the viewer may see whose period meets
 * [from, to], of the town, kind, operator and text chosen, the soonest first (at most
 * WORKS_CALENDAR_MAX_ITEMS), with the operators of the window for the operator filter.
 */
export async function worksCalendar(
  db: Kysely<Database>,
  viewer: Viewer,
  query: WorksCalendarQuery,
): Promise<WorksCalendar> {
  const visibility = visibilityCondition(viewer);
  const window = { from: query.from, to: query.to, visibility };
  // The town of a request is the member town its locality names (validated at filing).
  const localities =
    query.insee === undefined || !findTownByInseeCode(query.insee)
      ? null
      : localitiesOfTown(
          (await worksLocalitiesQuery(window).execute(db)).rows.map((row) => row.locality),
          query.insee,
        );
  const filters = { ...window, localities, type: query.type, operatorId: query.operator, text: query.q };
  const { rows } = await worksQuery(filters, { limit: WORKS_CALENDAR_MAX_ITEMS, geometry: 'all' }).execute(
    db,
  );
  const operators = (await worksOperatorsQuery(filters).execute(db)).rows;
  return {
    from: query.from,
    to: query.to,
    items: rows.slice(0, WORKS_CALENDAR_MAX_ITEMS).map(itemOf),
    truncated: rows.length > WORKS_CALENDAR_MAX_ITEMS,
    operators,
  };
}
