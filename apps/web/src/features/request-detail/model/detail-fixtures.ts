import type { Document } from '@voirie/domain';

/** A document of request 42 as GET request/{id} returns it (tests only). */
export function aDocument(
  id: number,
  typeDocumentId: number,
  { typeName = `Type ${typeDocumentId}`, nature = 'demande' }: { typeName?: string; nature?: string } = {},
): Document {
  return {
    id,
    name: `piece-${id}.pdf`,
    url: `/api/document/${id}/file`,
    mimeType: 'application/pdf',
    createdAt: '2026-02-20T09:00:00.000Z',
    requestId: 42,
    typeDocumentId,
    typeDocument: { id: typeDocumentId, name: typeName, categorie: null, nature },
  };
}
