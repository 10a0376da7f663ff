import { canDeleteDocument, toWorkflowRequest, type RequestDetail } from '@voirie/domain';

/**
 * The documents this viewer may delete (issue 14), as the domain decides: never an order or a
 * letter; an admin's; the uploader's own before the instruction (the decision read from the
 * request's form).
 */
export function deletableDocumentIds(
  viewer: { id: number; roles: readonly string[] } | null | undefined,
  request: RequestDetail,
): ReadonlySet<number> {
  if (!viewer) return new Set();
  const { isFavorable } = toWorkflowRequest(request);
  const state = { stateId: request.stateId, sendToSign: request.sendToSign === true, isFavorable };
  return new Set(
    (request.documents ?? [])
      .filter(
        (document) =>
          canDeleteDocument(
            viewer,
            { typeDocumentId: document.typeDocumentId, stdUserId: document.stdUserId ?? null },
            state,
          ).ok,
      )
      .map((document) => document.id),
  );
}
