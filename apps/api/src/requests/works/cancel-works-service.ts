import type { Actor } from '../../policies/visibility.ts';
import { transitionOutcome, type ActionOutcome } from '../workflow/instruction-service.ts';
import { describeRequest, enqueueApplicantMail } from '../workflow/instruction-mails.ts';
import { enqueueInstructorMail } from './works-mails.ts';
import { causeOf, type WorksDeps } from './works-deps.ts';

/**
 * `POST request/{id}/cancel-works` (docs/workflow.md "Transitions", 'Travaux annulés'): a granted
 * permission whose works will not be done goes back to 1; the applicant and the instructor are told.
 */
export async function cancelWorks(deps: WorksDeps, actor: Actor, key: string): Promise<ActionOutcome> {
  return transitionOutcome(deps, actor, key, 'cancelWorks', undefined, {
    write: async ({ trx, row: request }) => {
      const mail = {
        subject: `Travaux annulés — demande n° ${String(request.id)}`,
        lines: [`Les travaux de la demande ${describeRequest(request)} sont annulés.`],
        context: 'Annulation des travaux',
        cause: causeOf(deps, actor),
      };
      await enqueueApplicantMail(trx, request, mail, { publicUrl: deps.publicUrl });
      await enqueueInstructorMail(trx, request, mail, deps);
    },
  });
}
