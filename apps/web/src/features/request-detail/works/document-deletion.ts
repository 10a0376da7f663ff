import type { RequestDetail } from '@voirie/domain';

/**
 * The documents this viewer may delete, as the server says (`canDelete`, the domain's
 * canDeleteDocument): never an act or a letter; an admin's; the uploader's own before the
 * instruction.
 */
export function deletableDocumentIds(request: RequestDetail): ReadonlySet<number> {
  return new Set(
    (request.documents ?? [])
      .filter((document) => document.canDelete === true)
      .map((document) => document.id),
  );
}
