import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema/index.ts';
import type { RequestListRow } from '../list-query.ts';
import { describeRequest, enqueueRequestMail } from '../workflow/instruction-mails.ts';
import type { HistoryData } from '../../history/history.ts';

/**
 * The records system a formal notice is sent to (docs/api-works.md `document/elise/{id}`: a
 * document-management web service whose shapes the spec does not show). An adapter, so that a
 * real connector can replace the default without touching the workflow.
 */
export interface RecordsArchive {
  readonly name: string;
  /**
   * Sends the document, inside the caller's transaction (a failure undoes the history entry):
   * returns what the history keeps of the sending.
   */
  send(
    trx: Kysely<Database>,
    request: RequestListRow,
    document: { id: number; name: string },
  ): Promise<HistoryData>;
}

/**
 * The default records system: the formal notice is mailed, attached, to the records mailbox
 * (RECORDS_MAILBOX) through the outbox; without a mailbox, the sending is only traced.
 */
export function mailboxRecordsArchive(mailbox: string | null): RecordsArchive {
  return {
    name: 'mailbox',
    async send(trx, request, document) {
      if (!mailbox) return { archive: 'mailbox', mailbox: null };
      await enqueueRequestMail(trx, request, {
        to: [mailbox],
        subject: `Mise en demeure — demande n° ${String(request.id)}`,
        lines: [`Mise en demeure relative à la demande ${describeRequest(request)}, à archiver.`],
        context: 'Envoi de la mise en demeure à la GED',
        attachmentDocumentIds: [document.id],
      });
      return { archive: 'mailbox', mailbox };
    },
  };
}
