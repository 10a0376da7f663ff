import { sql } from 'kysely';
import { WORKFLOW_INPUT_MESSAGES } from '@voirie/domain';
import { fieldError, validationError } from '../../errors/field-errors.ts';
import { blockText } from '../../mail/mail-text.ts';
import { insertDocuments } from '../filing/filing-writes.ts';
import { withStoredFiles } from '../filing/stored-files.ts';
import type { Actor } from '../../policies/visibility.ts';
import { actionOutcome, type ActionOutcome } from '../workflow/instruction-service.ts';
import { describeRequest, enqueueApplicantMail } from '../workflow/instruction-mails.ts';
import { runTransition } from '../workflow/transition.ts';
import type { WorksBody } from './reception-service.ts';
import { listInstructors } from './managers.ts';
import { checkWorkFiles, jsonField, type WorkFileRule } from './work-files.ts';
import type { WorksDeps } from './works-deps.ts';

/** The road disturbance's photos (type 111), up to 5 like the refusal photos. */
const DISTURBANCE_PHOTOS: Record<string, WorkFileRule> = {
  photo: { typeDocumentId: 111, context: 'refusalPhotos', max: 5, label: 'Photo de perturbation de voirie' },
};

/**
 * `POST request/{id}/road-disturbance` (docs/screens.md "Request detail", docs/workflow.md
 * "Transitions"): in state 2, a permission's reception is flagged with the place seen, the
 * instructor who saw it (an instructor's account) and what was seen; the photos are committed with
 * it; the request stays in 2, to be signed again; the applicant is mailed.
 */
export async function declareRoadDisturbance(
  deps: WorksDeps,
  actor: Actor,
  key: string,
  body: WorksBody,
): Promise<ActionOutcome> {
  const input = 'json' in body ? body.json : jsonField(body.fields.get('report'));
  const files = await checkWorkFiles('json' in body ? [] : body.files, {
    rules: DISTURBANCE_PHOTOS,
    positions: 'json' in body ? undefined : jsonField(body.fields.get('positions')),
    maxBytes: deps.maxBytes,
  });
  const { row, result } = await withStoredFiles(deps, files, (stored) =>
    runTransition(deps.db, actor, key, 'declareRoadDisturbance', input, {
      write: async ({ trx, row: request }) => {
        const report = input as { witnessId: number; comment?: string | null };
        const witness = (await listInstructors(trx)).find((account) => account.id === report.witnessId);
        if (!witness)
          throw validationError('', [fieldError('witnessId', WORKFLOW_INPUT_MESSAGES.witnessRequired)]);
        await trx
          .updateTable('reception')
          .set({
            witnessUserId: witness.id,
            disturbanceComment: report.comment?.trim() || null,
            disturbanceAt: sql`now()`,
          })
          .where('id', '=', (eb) =>
            eb
              .selectFrom('reception')
              .select('id')
              .where('requestId', '=', request.id)
              .orderBy('id', 'desc')
              .limit(1),
          )
          .execute();
        await insertDocuments(trx, { requestId: request.id, userId: actor.id, files: stored });
        await enqueueApplicantMail(
          trx,
          request,
          {
            subject: `Perturbation de voirie constatée — demande n° ${String(request.id)}`,
            lines: [
              `Une perturbation de la voirie a été constatée au droit des travaux de votre demande ${describeRequest(request)}.`,
              ...(report.comment ? [`Constat : ${blockText(report.comment)}`] : []),
              'Un procès-verbal vous sera adressé.',
            ],
            context: 'Perturbation de voirie',
          },
          { publicUrl: deps.publicUrl },
        );
        return { witness: witness.name, ...(report.comment ? { comment: report.comment } : {}) };
      },
    }),
  );
  return actionOutcome(deps, actor, row, result.notice);
}
