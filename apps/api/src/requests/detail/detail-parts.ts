import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { Cerfa14023Table, PetitionerTable } from '../../db/schema/model.ts';

/** A party as the API returns it (spec 1 §3): its row without the search column and timestamps. */
export function presentParty(row: Selectable<PetitionerTable>) {
  const { searchText: _s, createdAt: _c, updatedAt: _u, ...party } = row;
  return party;
}

/** The CERFA 14023 with the spec's spellings of the two names CamelCase cannot round-trip. */
export function presentCerfa(row: Selectable<Cerfa14023Table>) {
  const { decisionRejetEu, decisionDebitLs, createdAt: _c, updatedAt: _u, ...form } = row;
  return { ...form, decisionRejetEU: decisionRejetEu, decisionDebitLS: decisionDebitLs };
}

/** A document as the detail returns it (spec 2 §3); the file is served by `GET document/{id}/file`. */
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
  }));
}
