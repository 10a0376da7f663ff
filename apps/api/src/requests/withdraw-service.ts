import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import { mailCauseOf } from '../mail/mail-cap.ts';
import type { Actor } from '../policies/visibility.ts';
import { requestInstructorAddresses } from './filing/filing-mails.ts';
import { frenchDate, parisToday } from './french-date.ts';
import { findVisibleRequest } from './list-service.ts';
import { presentRequest, type PresentedRequest } from './present-request.ts';
import {
  describeRequest,
  enqueueApplicantMail,
  enqueueRequestMail,
  requestLink,
} from './workflow/instruction-mails.ts';
import { runTransition } from './workflow/transition.ts';

/**
 * Withdraws a request not yet decided (`DELETE request/{id}`, docs/api-requests.md
 * "Withdrawal") through the transition runner: the domain's 'withdraw' decides (403 role, 409
 * decided, signed or received, 404 when not visible; a refusal changes nothing). In one
 * transaction: state 14, the legal clock stopped (clock-writes), the history entry, the mail to
 * the request's instructor (or every instructor when none is set) and the applicant's copy.
 */
export async function withdrawRequest(
  db: Kysely<Database>,
  actor: Actor,
  key: string,
  options: { publicUrl: string; mailMaxPerAccountPerDay: number },
): Promise<{ request: PresentedRequest; notice: string }> {
  const { row, result } = await runTransition(db, actor, key, 'withdraw', undefined, {
    historyContext: 'Retrait de la demande',
    write: async ({ trx, row: before }) => {
      const number = String(before.id);
      const onBehalf = actor.id !== before.ownerUserId;
      const day = frenchDate(parisToday());
      await enqueueRequestMail(trx, before, {
        to: await requestInstructorAddresses(trx, before.instructeurId),
        subject: `Demande n° ${number} retirée par le demandeur`,
        lines: [
          `${onBehalf ? 'Un administrateur, pour le demandeur, a' : 'Le demandeur a'} retiré le ${day} la demande ${describeRequest(before)}.`,
          "Elle n'est plus à instruire ; son délai d'instruction est arrêté.",
        ],
        context: 'Retrait de la demande',
        link: requestLink(options.publicUrl, before),
      });
      await enqueueApplicantMail(
        trx,
        before,
        {
          subject: `Votre demande n° ${number} a été retirée`,
          lines: [
            `Votre demande ${describeRequest(before)} a été retirée le ${day}. Elle ne sera pas instruite.`,
          ],
          context: 'Retrait de la demande',
          cause: mailCauseOf(actor, options.mailMaxPerAccountPerDay),
        },
        { publicUrl: options.publicUrl },
      );
      return { onBehalfOfApplicant: onBehalf };
    },
  });
  const fresh = await findVisibleRequest(db, actor, String(row.id));
  return { request: presentRequest(fresh, { viewer: actor }), notice: result.notice };
}
