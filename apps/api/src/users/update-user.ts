import { sql } from 'kysely';
import {
  USER_ADMIN_MESSAGES,
  USER_PERIMETER_FIELD_NAMES,
  canUser,
  normalizeRoles,
  perimeterChangeOutcome,
  type UserDetail,
  type UserForm,
  type UserPerimeterIds,
} from '@voirie/domain';
import { AppError } from '../errors/app-error.ts';
import { writeHistory, type HistoryData } from '../history/history.ts';
import { fieldChanges, type FieldChange } from '../history/changes.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { assertMayMail, mailCauseOf } from '../mail/mail-cap.ts';
import { findUserWithRoles } from '../accounts/user-repository.ts';
import { assertAnAdminRemains } from './admin-guard.ts';
import { profileColumns, replaceRoles } from './user-profile.ts';
import { checkPerimeterIds, replacePerimeterLinks } from './user-perimeters.ts';
import { isEmailTaken, perimeterFieldsOf, perimeterIdsOf, perimeterLinksOf } from './user-queries.ts';
import { sendEmailChangeLink, sendPasswordLink } from './user-links.ts';
import { emailTakenMail } from './user-mails.ts';
import { loadUserFor, userDetailOf, type Viewer } from './user-detail.ts';
import { recordPerimeterRequest } from './perimeter-requests.ts';
import { assertMayWrite, isUniqueViolation } from './user-write-checks.ts';
import type { UsersDeps } from './users-deps.ts';

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** The perimeter fields whose ids change, with both lists (for the history). */
function perimeterChanges(
  before: Required<UserPerimeterIds>,
  after: UserPerimeterIds,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of USER_PERIMETER_FIELD_NAMES) {
    const next = after[field];
    if (next === undefined) continue;
    const sorted = [...(next ?? [])].sort((x, y) => x - y);
    const previous = [...(before[field] ?? [])].sort((x, y) => x - y);
    if (!sameList(sorted, previous)) changes[field] = { before: previous, after: sorted };
  }
  return changes;
}

/**
 * `PUT stduser/{id}` (docs/screens.md "Account"): oneself for everyone, another account for admins only; the
 * roles and perimeters are written only as the domain's rules allow (403, nothing changed), and a
 * guichet's own wider territories become a request to an administrator. A new e-mail
 * takes effect once confirmed from that address (a single-use link, counted toward the account's
 * daily mail cap: 429 past it, nothing changed); an admin correcting the address of an account
 * never used yet changes it at once and sends the password link there. One transaction with the
 * history entry (the changed fields, before and after).
 */
export async function updateUser(
  deps: UsersDeps,
  input: { actor: Viewer; key: string; form: UserForm },
): Promise<{ user: UserDetail; message: string }> {
  const { actor, form } = input;
  const { db } = deps;
  const current = await loadUserFor(db, actor, input.key, 'write');
  const linked = perimeterIdsOf(await perimeterLinksOf(db, current.id));
  const perimeters = perimeterFieldsOf(form);
  assertMayWrite({
    editor: actor,
    target: { id: current.id, roles: current.roles, perimeters: linked },
    form,
    perimeters,
  });
  await checkPerimeterIds(db, perimeters);
  const outcome = perimeterChangeOutcome({
    editor: actor,
    target: { id: current.id, perimeters: linked },
    perimeters,
  });

  const rolesBefore = normalizeRoles(current.roles);
  const rolesAfter = form.roles == null ? rolesBefore : normalizeRoles(form.roles);
  const rolesChanged = !sameList(rolesBefore, rolesAfter);
  const newEmail = form.email.trim().toLowerCase();
  const emailChanged = newEmail !== current.email.toLowerCase();
  const isAdmin = canUser(actor, 'manageUsers');
  const correctsUnusedAccount =
    emailChanged && isAdmin && current.id !== actor.id && current.emailValidatedAt === null;
  const cause = mailCauseOf(actor, deps.mailMaxPerAccountPerDay);

  const messages: string[] = [];
  await db
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom('stdUser')
        .selectAll()
        .where('id', '=', current.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // The point of a new address is the mail to it: past the cap, nothing of the form is kept.
      if (emailChanged && !correctsUnusedAccount) await assertMayMail(trx, cause, newEmail);
      if (rolesChanged && rolesBefore.includes('ROLE_ADMIN'))
        await assertAnAdminRemains(trx, { targetId: current.id, rolesAfter });
      const columns = profileColumns(form);
      const changes: HistoryData = {
        ...fieldChanges(before, columns),
        ...perimeterChanges(linked, outcome.apply),
      };
      if (rolesChanged) changes.roles = { before: rolesBefore, after: rolesAfter };
      if (correctsUnusedAccount) {
        if (await isEmailTaken(trx, newEmail, current.id))
          throw new AppError('CONFLICT', USER_ADMIN_MESSAGES.emailTaken);
        changes.email = { before: before.email, after: newEmail };
      }
      await trx
        .updateTable('stdUser')
        .set({ ...columns, ...(correctsUnusedAccount ? { email: newEmail } : {}), updatedAt: sql`now()` })
        .where('id', '=', current.id)
        .execute();
      if (rolesChanged) await replaceRoles(trx, current.id, rolesAfter);
      await replacePerimeterLinks(trx, current.id, outcome.apply);
      if (correctsUnusedAccount) {
        await sendPasswordLink(trx, deps, { id: current.id, email: newEmail, isNew: true });
      } else if (emailChanged) {
        messages.push(USER_ADMIN_MESSAGES.emailChangePending(newEmail));
        changes.emailRequested = newEmail;
        if (!(await isEmailTaken(trx, newEmail, current.id))) {
          await sendEmailChangeLink(trx, deps, { id: current.id, newEmail, cause });
        } else if (isAdmin) {
          throw new AppError('CONFLICT', USER_ADMIN_MESSAGES.emailTaken);
        } else {
          // Told to the address's owner only: the form cannot be used to learn who has an account.
          await enqueueMail(trx, {
            ...emailTakenMail({ to: newEmail, userId: current.id, communityName: deps.communityName }),
            cause,
          });
        }
      }
      if (Object.keys(changes).length > 0)
        await writeHistory(trx, {
          entity: 'user',
          entityId: current.id,
          actor,
          context: 'Modification du compte',
          data: changes,
        });
      // After the profile's own entry: the request's entry follows it in the history.
      if (outcome.request)
        messages.push(
          await recordPerimeterRequest(trx, deps, {
            actor,
            user: before,
            asked: outcome.request,
          }),
        );
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? new AppError('CONFLICT', USER_ADMIN_MESSAGES.emailTaken) : error;
    });
  // Roles and address are read from the session on every request: the cached copy goes.
  deps.sessions.forgetUser(current.id);
  if (emailChanged || outcome.request) deps.onMailQueued();
  const updated = await findUserWithRoles(db, current.id);
  const message = messages.length > 0 ? messages.join(' ') : USER_ADMIN_MESSAGES.updated;
  return { user: await userDetailOf(db, actor, updated!), message };
}
