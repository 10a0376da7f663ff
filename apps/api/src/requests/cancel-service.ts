import type { Kysely } from 'kysely';
import { stateName } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { mailCauseOf } from '../mail/mail-cap.ts';
import { inlineText } from '../mail/mail-text.ts';
import { findVisibleRequest } from './list-service.ts';
import { presentRequest, type PresentedRequest } from './present-request.ts';
import type { Actor } from '../policies/visibility.ts';
import { enqueueApplicantMail } from './workflow/instruction-mails.ts';
import { runTransition } from './workflow/transition.ts';

/**
 * Cancels a request (docs/workflow.md) through the transition runner: the domain's
 * 'cancel' decides (403 role, 409 state, 404 when not visible; a refusal changes nothing), then
 * the state change, the history row and the applicant's mail (in full to the filing account, the
 * neutral notice to a typed address) are written in one transaction.
 */
export async function cancelRequest(
  db: Kysely<Database>,
  actor: Actor,
  key: string,
  options: { publicUrl: string; mailMaxPerAccountPerDay: number },
): Promise<{ request: PresentedRequest; notice: string }> {
  const { row, result } = await runTransition(db, actor, key, 'cancel', undefined, {
    write: async ({ trx, row: before, result: done }) => {
      await enqueueApplicantMail(
        trx,
        before,
        {
          subject: `Votre demande n° ${String(before.id)} a été annulée`,
          lines: [
            `Votre demande n° ${String(before.id)}${before.numaffaire ? ` (affaire ${inlineText(before.numaffaire)})` : ''} est désormais : ${stateName(done.request.stateId)}.`,
          ],
          context: 'Annulation de la demande',
          cause: mailCauseOf(actor, options.mailMaxPerAccountPerDay),
        },
        { publicUrl: options.publicUrl },
      );
    },
  });
  const fresh = await findVisibleRequest(db, actor, String(row.id));
  return { request: presentRequest(fresh, { viewer: actor }), notice: result.notice };
}
