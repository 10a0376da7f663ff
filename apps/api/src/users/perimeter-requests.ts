import { sql, type Kysely } from 'kysely';
import { USER_ADMIN_MESSAGES, type PerimeterRequestDecision, type UserDetail } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { writeHistory } from '../history/history.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { activeAddressesWithRole, findUserWithRoles } from '../accounts/user-repository.ts';
import { perimeterDecisionMail, perimeterRequestedMail } from './perimeter-request-mails.ts';
import { guichetIdsOf, namedPerimeters } from './perimeter-request-queries.ts';
import { checkPerimeterIds, replacePerimeterLinks } from './user-perimeters.ts';
import { loadUserFor, userDetailOf, type Viewer } from './user-detail.ts';
import type { UsersDeps } from './users-deps.ts';

// « Demandes d'extension de périmètre » (docs/decisions/0008-own-perimeter-requests.md):
// a guichet that adds a territory to its own account asks an administrator; its current
// territories stay until the decision. Every step writes its history row and its mails in the
// transaction of the change.

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * Records, in the caller's transaction (the account's row locked), a guichet's request for the
 * territories `asked` (sorted ids, some not linked yet): a request already waiting for the same
 * set is kept as it is; another waiting one is replaced. The administrators are mailed and the
 * history keeps who asked what, and when. Returns the answer's message.
 */
export async function recordPerimeterRequest(
  trx: Kysely<Database>,
  deps: Pick<UsersDeps, 'publicUrl'>,
  input: {
    actor: Viewer;
    user: { id: number; publicId: string; email: string; firstName: string | null; lastName: string | null };
    asked: readonly number[];
  },
): Promise<string> {
  const { actor, user, asked } = input;
  const waiting = await trx
    .selectFrom('perimeterRequest')
    .select(['id', 'perimeterIds'])
    .where('userId', '=', user.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (
    waiting &&
    sameSet(
      [...waiting.perimeterIds].sort((x, y) => x - y),
      asked,
    )
  )
    return USER_ADMIN_MESSAGES.perimeterRequestAlreadyPending;
  if (waiting)
    await trx
      .updateTable('perimeterRequest')
      .set({ status: 'replaced', closedAt: sql`now()`, closedByUserId: actor.id })
      .where('id', '=', waiting.id)
      .execute();
  const { id } = await trx
    .insertInto('perimeterRequest')
    .values({ userId: user.id, perimeterIds: [...asked] })
    .returning('id')
    .executeTakeFirstOrThrow();
  const current = await guichetIdsOf(trx, user.id);
  await writeHistory(trx, {
    entity: 'user',
    entityId: user.id,
    actor,
    context: "Demande d'extension de périmètre",
    data: {
      perimeterRequestId: id,
      guichetPerimeterIds: { current, asked },
      ...(waiting ? { replaces: waiting.id } : {}),
    },
  });
  const admins = await activeAddressesWithRole(trx, 'ROLE_ADMIN');
  const [currentNamed, askedNamed] = await Promise.all([
    namedPerimeters(trx, current),
    namedPerimeters(trx, asked),
  ]);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  for (const to of admins)
    await enqueueMail(
      trx,
      perimeterRequestedMail({
        to,
        requester: { id: user.id, name, email: user.email },
        current: currentNamed,
        asked: askedNamed,
        link: `${deps.publicUrl}/users/${user.publicId}`,
      }),
    );
  return USER_ADMIN_MESSAGES.perimeterRequestSent;
}

/**
 * `POST stduser/{id}/perimeter-request` (admins): approves the waiting request — the territories
 * asked become the account's guichet territories — or refuses it (they stay as they are). A
 * request replaced or decided meanwhile is a 409. One transaction with the history row; the
 * account is told by mail.
 */
export async function decidePerimeterRequest(
  deps: UsersDeps,
  input: { actor: Viewer; key: string; decision: PerimeterRequestDecision },
): Promise<{ user: UserDetail; message: string }> {
  const { actor, decision } = input;
  const target = await loadUserFor(deps.db, actor, input.key, 'write');
  const approve = decision.decision === 'approve';
  await deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('stdUser').select('id').where('id', '=', target.id).forUpdate().execute();
    const request = await trx
      .selectFrom('perimeterRequest')
      .select(['id', 'perimeterIds'])
      .where('id', '=', decision.requestId)
      .where('userId', '=', target.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!request) throw new AppError('CONFLICT', USER_ADMIN_MESSAGES.perimeterRequestGone);
    const before = await guichetIdsOf(trx, target.id);
    const after = approve ? [...request.perimeterIds].sort((x, y) => x - y) : before;
    if (approve) {
      await checkPerimeterIds(trx, { guichetPerimeterIds: after });
      await replacePerimeterLinks(trx, target.id, { guichetPerimeterIds: after });
    }
    await trx
      .updateTable('perimeterRequest')
      .set({ status: approve ? 'approved' : 'refused', closedAt: sql`now()`, closedByUserId: actor.id })
      .where('id', '=', request.id)
      .execute();
    await writeHistory(trx, {
      entity: 'user',
      entityId: target.id,
      actor,
      context: approve ? 'Extension de périmètre accordée' : 'Extension de périmètre refusée',
      data: {
        perimeterRequestId: request.id,
        guichetPerimeterIds: approve
          ? { before, after }
          : { current: before, asked: [...request.perimeterIds].sort((x, y) => x - y) },
      },
    });
    await enqueueMail(
      trx,
      perimeterDecisionMail({
        to: target.email,
        userId: target.id,
        approved: approve,
        perimeters: await namedPerimeters(trx, after),
        communityName: deps.communityName,
        link: `${deps.publicUrl}/account`,
      }),
    );
  });
  deps.onMailQueued();
  const updated = await findUserWithRoles(deps.db, target.id);
  return {
    user: await userDetailOf(deps.db, actor, updated!),
    message: approve
      ? USER_ADMIN_MESSAGES.perimeterRequestApproved
      : USER_ADMIN_MESSAGES.perimeterRequestRefused,
  };
}
