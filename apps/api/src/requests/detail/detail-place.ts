import { sql, type Kysely } from 'kysely';
import { canUser, splitList, type DetailPlace, type PersonName } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { roadSegmentsNearQuery } from '../../geo/services/troncon.ts';
import type { Viewer } from '../../policies/visibility.ts';
import type { PresentedDocument } from './detail-parts.ts';

// What the request's page adds about the place and the people: the parcels
// as filed, the road segments the footprint touches, the instructor's name and who put each
// document — names for instructors and admins only (an applicant reads its own name).

/** At most this many road segments: a footprint along more is read on the map. */
const MAX_ROAD_SEGMENTS = 12;

/** The request's filed parcels, with section, number and town when the cadastre knows them. */
async function loadParcels(
  db: Kysely<Database>,
  plotNumbers: string | null,
): Promise<DetailPlace['parcels']> {
  const ids = [...new Set(splitList(plotNumbers))];
  if (ids.length === 0) return [];
  const known = await db
    .selectFrom('parcel as p')
    .leftJoin('commune as c', 'c.inseeCode', 'p.inseeCode')
    .select(['p.id', 'p.section', 'p.numero', 'c.name as town'])
    .where('p.id', 'in', ids)
    .execute();
  const byId = new Map(known.map((parcel) => [parcel.id, parcel]));
  return ids.map((id) => {
    const parcel = byId.get(id);
    return {
      id,
      section: parcel?.section ?? null,
      numero: parcel?.numero ?? null,
      town: parcel?.town ?? null,
    };
  });
}

/**
 * The road segments within the troncon tolerance (30 m) of any part of the footprint, nearest
 * first (the troncon's order). A stored shape PostGIS cannot read gives none rather
 * than failing the page.
 */
async function loadRoadSegments(
  db: Kysely<Database>,
  requestId: number,
): Promise<DetailPlace['roadSegments']> {
  try {
    const footprint = sql`(SELECT r.the_geom FROM request r WHERE r.id = ${requestId})`;
    const { rows } = await roadSegmentsNearQuery(footprint, MAX_ROAD_SEGMENTS).execute(db);
    return rows.map((row) => ({ id: row.id, name: row.nom, typevoie: row.typevoie, numero: row.numero }));
  } catch {
    return [];
  }
}

/** The names of these accounts, by id. */
async function loadNames(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, PersonName>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('stdUser')
    .select(['id', 'firstName', 'lastName'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, { firstName: row.firstName, lastName: row.lastName }]));
}

export interface DetailPeople {
  place: DetailPlace;
  /** The request's documents, each with who put it, as far as this viewer may know. */
  withUploaders: <T extends PresentedDocument>(
    documents: readonly T[],
  ) => (T & { uploader: PersonName | null })[];
}

/**
 * The parcels, road segments and instructor of a request, and a way to name the documents'
 * uploaders, for this viewer: instructors and admins read every name (the instructor's
 * included); anyone else reads no instructor and, among uploaders, only itself.
 */
export async function loadDetailPeople(
  db: Kysely<Database>,
  viewer: Viewer,
  request: {
    id: number;
    plotNumbers: string | null;
    instructeurId: number | null;
    documents: readonly PresentedDocument[];
  },
): Promise<DetailPeople> {
  const staff = canUser(viewer, 'seeInstructorColumn');
  const uploaderIds = request.documents
    .map((document) => document.stdUserId)
    .filter((id): id is number => id !== null && (staff || id === viewer.id));
  const instructorIds = staff && request.instructeurId !== null ? [request.instructeurId] : [];
  const [parcels, roadSegments, names] = await Promise.all([
    loadParcels(db, request.plotNumbers),
    loadRoadSegments(db, request.id),
    loadNames(db, [...uploaderIds, ...instructorIds]),
  ]);
  const place: DetailPlace = { parcels, roadSegments };
  if (staff)
    place.instructor = request.instructeurId === null ? null : (names.get(request.instructeurId) ?? null);
  return {
    place,
    withUploaders: (documents) =>
      documents.map((document) => ({
        ...document,
        uploader:
          document.stdUserId !== null && (staff || document.stdUserId === viewer.id)
            ? (names.get(document.stdUserId) ?? null)
            : null,
      })),
  };
}
