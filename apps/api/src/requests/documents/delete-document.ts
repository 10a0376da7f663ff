import type { Kysely } from 'kysely';
import {
  canDeleteDocument,
  DOCUMENT_DELETE_MESSAGES,
  type RequestDetail,
  type StateId,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { removeIfUnreferenced } from '../../files/content-claims.ts';
import type { FileStore } from '../../files/file-store.ts';
import { AppError } from '../../errors/app-error.ts';
import { refusalError } from '../../errors/refusal.ts';
import { writeHistory } from '../../history/history.ts';
import { loadRequestDetail } from '../detail/request-detail.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { Actor } from '../../policies/visibility.ts';
import { assertRequestUnchanged, loadWorkflowRequest } from '../workflow/transition.ts';

const NOT_FOUND = "Ce document n'existe pas ou ne vous est pas accessible.";

/**
 * `DELETE document/{id}` (docs/api-works.md "Reading"): the domain's canDeleteDocument decides
 * (its uploader before instruction, or an admin; never an act, generated or signed, nor a letter). The
 * row goes and the history is written in one transaction, compared-and-set on the request's
 * state; the file goes afterwards when no other row names its content.
 */
export async function deleteDocument(
  deps: { db: Kysely<Database>; store: FileStore },
  actor: Actor,
  id: number,
): Promise<{ request: RequestDetail; notice: string }> {
  const document = await deps.db
    .selectFrom('document')
    .select(['id', 'requestId', 'typeDocumentId', 'stdUserId', 'name', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!document) throw new AppError('NOT_FOUND', NOT_FOUND);
  const row = await findVisibleRequest(deps.db, actor, String(document.requestId)).catch(() => {
    throw new AppError('NOT_FOUND', NOT_FOUND);
  });
  const workflow = await loadWorkflowRequest(deps.db, row);
  const verdict = canDeleteDocument(actor, document, {
    stateId: row.stateId as StateId,
    sendToSign: row.sendToSign,
    isFavorable: workflow.isFavorable,
  });
  if (!verdict.ok) throw refusalError(verdict);
  await deps.db.transaction().execute(async (trx) => {
    await assertRequestUnchanged(trx, row, DOCUMENT_DELETE_MESSAGES.tooLate);
    await trx.deleteFrom('document').where('id', '=', document.id).execute();
    await writeHistory(trx, {
      entity: 'request',
      entityId: row.id,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: 'Pièce supprimée',
      data: { document: document.name, typeDocumentId: document.typeDocumentId },
    });
  });
  // A failure here leaves a file without a row, which the hourly sweep removes.
  await removeIfUnreferenced(deps, document.sha256).catch(() => false);
  return {
    request: await loadRequestDetail(deps.db, actor, String(row.id)),
    notice: DOCUMENT_DELETE_MESSAGES.deleted,
  };
}
