import { sql, type Kysely } from 'kysely';
import {
  isAlignmentKind,
  apply,
  type ApplyResult,
  type WorkflowAction,
  type WorkflowRequest,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { refusalError } from '../../errors/refusal.ts';
import { writeHistory, type HistoryData } from '../../history/history.ts';
import { workflowRequestOf } from '../../policies/request-policy.ts';
import type { Actor } from '../../policies/visibility.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { RequestListRow } from '../list-query.ts';
import { writeReception } from './reception-writes.ts';
import { applyClockStateChange } from '../../legal-clock/clock-writes.ts';
import { parisToday } from '../french-date.ts';

export type Trx = Kysely<Database>;

/** The stored request as the workflow reads it: decision, cerfa 14024, attached documents, appointments. */
export async function loadWorkflowRequest(
  db: Kysely<Database>,
  row: RequestListRow,
): Promise<WorkflowRequest> {
  const base = workflowRequestOf(row);
  const [request, documents, reception] = await Promise.all([
    db
      .selectFrom('request')
      .select(['cerfa14023Id', 'alignmentId', 'cerfa14024Id'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('document').select('typeDocumentId').where('requestId', '=', row.id).execute(),
    db
      .selectFrom('reception')
      .select(['rdv1', 'rdv2', 'rdv3', 'roadDisturbance'])
      .where('requestId', '=', row.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const decision = isAlignmentKind(row.type)
    ? request.alignmentId === null
      ? undefined
      : await db
          .selectFrom('individualAlignmentRequest')
          .select('isFavorable')
          .where('id', '=', request.alignmentId)
          .executeTakeFirst()
    : request.cerfa14023Id === null
      ? undefined
      : await db
          .selectFrom('cerfa14023')
          .select('isFavorable')
          .where('id', '=', request.cerfa14023Id)
          .executeTakeFirst();
  const rdv = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
  return {
    ...base,
    hasTrafficOrder: request.cerfa14024Id !== null,
    isFavorable: decision?.isFavorable ?? null,
    documentTypeIds: documents.map((document) => document.typeDocumentId),
    appointments: [rdv(reception?.rdv1), rdv(reception?.rdv2), rdv(reception?.rdv3)],
    roadDisturbance: reception?.roadDisturbance === true,
  };
}

/** What a transition's writer receives, inside the transaction: the action's own typed result. */
export interface TransitionContext<A extends WorkflowAction = WorkflowAction> {
  trx: Trx;
  row: RequestListRow;
  workflow: WorkflowRequest;
  result: ApplyResult<A>;
  /** The legal clock's change, already written (null when the clock did not move). */
  clock: Awaited<ReturnType<typeof applyClockStateChange>>;
}

export interface TransitionOptions<A extends WorkflowAction = WorkflowAction> {
  /**
   * Writes the action's own data (decision, documents, mails) in the same transaction; what it
   * returns joins the history entry's data (e.g. the fields changed, before and after). A throw
   * undoes everything, the state change included.
   */
  write?: (context: TransitionContext<A>) => Promise<HistoryData | void>;
  /** Extra data kept in the history entry. */
  historyData?: HistoryData;
  /** The history entry's text; the domain's notice by default. */
  historyContext?: string;
}

const CHANGED_MEANWHILE = "Cette action n'est pas possible dans l'état actuel de la demande.";

/**
 * Performs a workflow action on a request the actor sees: the domain's apply() decides (403,
 * 409, 400 otherwise, nothing written); then, in one transaction, the request's fields, its
 * legal clock, the action's own writes and the history entry. The state is compared-and-set, so that two
 * instructors acting at once cannot both succeed.
 */
export async function runTransition<A extends WorkflowAction>(
  db: Kysely<Database>,
  actor: Actor,
  key: string,
  action: A,
  input: unknown,
  options: TransitionOptions<A> = {},
): Promise<{ row: RequestListRow; result: ApplyResult<A> }> {
  const row = await findVisibleRequest(db, actor, key);
  const workflow = await loadWorkflowRequest(db, row);
  const result = apply(workflow, action, actor, input);
  if (!result.ok) throw refusalError(result);
  await db.transaction().execute(async (trx) => {
    const {
      stateId,
      missingDocuments: _missing,
      mailArreteSignes: _recipients,
      doAnnexe,
      ...fields
    } = result.request;
    const updated = await trx
      .updateTable('request')
      .set({
        ...fields,
        ...(doAnnexe === undefined ? {} : { doAnnexe: doAnnexe ?? false }),
        stateId,
        ...(stateId !== row.stateId ? { exState: row.stateId } : {}),
        updatedAt: sql`now()`,
      })
      .where('id', '=', row.id)
      .where('stateId', '=', row.stateId)
      .where('sendToSign', '=', row.sendToSign)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new AppError('STATE_CONFLICT', CHANGED_MEANWHILE);
    if (result.request.missingDocuments) {
      await trx.deleteFrom('requestMissingDocument').where('requestId', '=', row.id).execute();
      if (result.request.missingDocuments.length > 0) {
        await trx
          .insertInto('requestMissingDocument')
          .values(
            result.request.missingDocuments.map((typeDocumentId) => ({ requestId: row.id, typeDocumentId })),
          )
          .execute();
      }
    }
    if (result.request.mailArreteSignes) {
      await trx.deleteFrom('mailArreteSigne').where('requestId', '=', row.id).execute();
      if (result.request.mailArreteSignes.length > 0) {
        await trx
          .insertInto('mailArreteSigne')
          .values(
            result.request.mailArreteSignes.map((recipient) => ({
              requestId: row.id,
              mail: recipient.mail,
              name: recipient.name ?? null,
            })),
          )
          .execute();
      }
    }
    await writeReception(trx, row.id, result);
    // The legal clock follows the state: suspended, started again or stopped.
    const clock = await applyClockStateChange(trx, {
      requestId: row.id,
      from: row.stateId,
      to: stateId,
      today: parisToday(),
    });
    const written = await options.write?.({ trx, row, workflow, result, clock });
    await writeHistory(trx, {
      entity: 'request',
      entityId: row.id,
      actor: { id: actor.id, email: actor.email, picture: actor.picture },
      context: options.historyContext ?? result.notice,
      data: { action, from: row.stateId, to: stateId, ...options.historyData, ...(written ?? {}) },
    });
  });
  return { row, result };
}

/**
 * A change outside the table (an edited order, a deleted piece) compared-and-set like a
 * transition: the request's state and signature flag must be those the decision was made on,
 * else 409 with `message` and nothing written.
 */
export async function assertRequestUnchanged(
  trx: Trx,
  row: Pick<RequestListRow, 'id' | 'stateId' | 'sendToSign'>,
  message: string,
): Promise<void> {
  const unchanged = await trx
    .updateTable('request')
    .set({ updatedAt: sql`now()` })
    .where('id', '=', row.id)
    .where('stateId', '=', row.stateId)
    .where('sendToSign', '=', row.sendToSign)
    .returning('id')
    .executeTakeFirst();
  if (!unchanged) throw new AppError('STATE_CONFLICT', message);
}
