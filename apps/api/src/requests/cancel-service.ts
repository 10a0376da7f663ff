import { sql, type Kysely } from 'kysely';
import { apply, stateName } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';
import { writeHistory } from '../history/history.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { workflowRequestOf } from '../policies/request-policy.ts';
import { findVisibleRequest } from './list-service.ts';
import { presentRequest, type PresentedRequest } from './present-request.ts';
import type { Viewer } from './visibility.ts';

export interface Actor extends Viewer {
  picture: string | null;
}

/**
 * Cancels a request (spec 1 §6, spec 2 §4): the domain's apply('cancel') decides; the state
 * change, the history row and the applicant's mail are written in one transaction. A refusal
 * (403 role, 409 state) changes nothing; a request the actor cannot see is a 404.
 */
export async function cancelRequest(
  db: Kysely<Database>,
  actor: Actor,
  key: string,
  options: { publicUrl: string },
): Promise<{ request: PresentedRequest; notice: string }> {
  const row = await findVisibleRequest(db, actor, key);
  const result = apply(workflowRequestOf(row), 'cancel', actor);
  if (!result.ok) {
    throw new AppError(result.reason === 'role' ? 'FORBIDDEN' : result.reason === 'state' ? 'STATE_CONFLICT' : 'VALIDATION', result.message);
  }
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('request')
      .set({ stateId: result.request.stateId, exState: row.stateId, updatedAt: sql`now()` })
      .where('id', '=', row.id)
      .where('stateId', '=', row.stateId)
      .returning('id')
      .executeTakeFirst();
    // Changed meanwhile by someone else: the decision above no longer holds.
    if (!updated) throw new AppError('STATE_CONFLICT', "Cette action n'est pas possible dans l'état actuel de la demande.");
    await writeHistory(trx, {
      entity: 'request',
      entityId: row.id,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: result.notice,
      data: { action: 'cancel', from: row.stateId, to: result.request.stateId },
    });
    if (row.demandeurEmail) {
      const name = stateName(result.request.stateId);
      await enqueueMail(trx, {
        to: row.demandeurEmail,
        subject: `Votre demande n° ${String(row.id)} a été annulée`,
        text: [
          'Bonjour,',
          '',
          `Votre demande n° ${String(row.id)}${row.numaffaire ? ` (affaire ${row.numaffaire})` : ''} est désormais : ${name}.`,
          `Vous pouvez la consulter sur le portail : ${options.publicUrl}/dossiers/${row.publicId}`,
          '',
          'Ce message est envoyé automatiquement, merci de ne pas y répondre.',
        ].join('\n'),
        context: 'Annulation de la demande',
        requestId: row.id,
        userId: row.ownerUserId,
      });
    }
  });
  const fresh = await findVisibleRequest(db, actor, String(row.id));
  return { request: presentRequest(fresh, { viewer: actor }), notice: result.notice };
}
