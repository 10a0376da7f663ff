import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { Cerfa14023Table, PetitionerTable } from '../../db/schema/model.ts';

/**
 * A party as the API returns it (docs/data-model.md "Entities"): its row without the search column
 * and timestamps.
 */
export function presentParty(row: Selectable<PetitionerTable>) {
  const { searchText: _s, createdAt: _c, updatedAt: _u, ...party } = row;
  return party;
}

/** The traffic-order form as returned: its row without the timestamps. */
export function presentCerfa14024<T extends { createdAt: unknown; updatedAt: unknown }>({
  createdAt: _c,
  updatedAt: _u,
  ...form
}: T) {
  return form;
}

/** The CERFA 14023 with the spec's spellings of the two names CamelCase cannot round-trip. */
export function presentCerfa(row: Selectable<Cerfa14023Table>) {
  const { decisionRejetEu, decisionDebitLs, createdAt: _c, updatedAt: _u, ...form } = row;
  return { ...form, decisionRejetEU: decisionRejetEu, decisionDebitLS: decisionDebitLs };
}

/**
 * A document as the detail returns it (docs/data-model.md "Entities"); the file is served by `GET
 * document/{id}/file`.
 */
export interface PresentedDocument {
  id: number;
  name: string;
  url: string;
  mimeType: string;
  createdAt: string;
  requestId: number;
  stdUserId: number | null;
  typeDocumentId: number;
  typeDocument: { id: number; name: string; categorie: string | null; nature: string | null };
  /** Photos: where it was taken, how that is known, and how far from the works (metres). */
  lat: number | null;
  lon: number | null;
  positionSource: 'device' | 'exif' | null;
  distanceMetres: number | null;
  /** Letters: when mailed to the applicant (ISO), null for a draft. */
  sentAt: string | null;
}

/** The address of a document's content. */
export const documentFileUrl = (id: number) => `/api/document/${String(id)}/file`;

/** Every document of a request, oldest first (the caller applies the listing rule). */
export async function loadDocuments(db: Kysely<Database>, requestId: number): Promise<PresentedDocument[]> {
  const rows = await db
    .selectFrom('document as d')
    .innerJoin('typeDocument as t', 't.id', 'd.typeDocumentId')
    .select([
      'd.id',
      'd.name',
      'd.mimeType',
      'd.createdAt',
      'd.requestId',
      'd.stdUserId',
      'd.typeDocumentId',
      't.name as typeName',
      't.categorie',
      't.nature',
      'd.lat',
      'd.lon',
      'd.positionSource',
      'd.sentAt',
      // Metres from where a photo was taken to the nearest part of the works' footprint (or
      // to the request's point when it has none).
      sql<number | null>`CASE WHEN d.lat IS NULL OR d.lon IS NULL THEN NULL ELSE (
        SELECT COALESCE(
          (SELECT min(ST_Distance(ST_SetSRID(ST_MakePoint(d.lon, d.lat), 4326)::geography, part.geom::geography))
            FROM request r, ST_Dump(r.the_geom) AS part WHERE r.id = d.request_id),
          (SELECT ST_Distance(ST_SetSRID(ST_MakePoint(d.lon, d.lat), 4326)::geography,
             ST_SetSRID(ST_MakePoint(r.lon, r.lat), 4326)::geography)
            FROM request r WHERE r.id = d.request_id AND r.lon IS NOT NULL AND r.lat IS NOT NULL))
      ) END`.as('distanceMetres'),
    ])
    .where('d.requestId', '=', requestId)
    .orderBy('d.createdAt')
    .orderBy('d.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url: documentFileUrl(row.id),
    mimeType: row.mimeType,
    createdAt: new Date(row.createdAt).toISOString(),
    requestId: row.requestId,
    stdUserId: row.stdUserId,
    typeDocumentId: row.typeDocumentId,
    typeDocument: {
      id: row.typeDocumentId,
      name: row.typeName,
      categorie: row.categorie,
      nature: row.nature,
    },
    lat: row.lat,
    lon: row.lon,
    positionSource: row.positionSource,
    distanceMetres: row.distanceMetres === null ? null : Math.round(Number(row.distanceMetres)),
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  }));
}
