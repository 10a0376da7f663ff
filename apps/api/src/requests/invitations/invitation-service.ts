import { sql, type Kysely } from 'kysely';
import {
  INVITATION_LIFETIME_DAYS,
  INVITATION_MESSAGES,
  type InvitationAccepted,
  type InvitationSummary,
  type InvitedParty,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/opaque-token.ts';
import { writeHistory } from '../../history/history.ts';
import type { MailCause } from '../../mail/mail-cap.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { invitationMail } from './invitation-mail.ts';

/** The account that filed a request: its parties' addresses are compared with its own. */
export interface Filer {
  id: number;
  email: string;
}

/** True when a typed address is the filer's own account (no invitation needed). */
export function isFilersAddress(filer: Filer, email: string | null | undefined): boolean {
  return !!email && email.trim().toLowerCase() === filer.email.trim().toLowerCase();
}

/** The account a party is linked to when written: the filer's when it typed its own address. */
export function partyAccount(filer: Filer, email: string | null | undefined): number | null {
  return isFilersAddress(filer, email) ? filer.id : null;
}

export interface PartyToInvite {
  requestId: number;
  petitionerId: number;
  party: InvitedParty;
  email: string | null | undefined;
}

/**
 * Mails an invitation to a party whose address is not the filer's own account, in the caller's
 * transaction; the party's earlier live invitations stop working. Nothing for an empty address
 * or the filer's own. Returns true when a mail was queued.
 */
export async function inviteParty(
  trx: Kysely<Database>,
  options: { filer: Filer; publicUrl: string; communityName: string; cause: MailCause },
  invite: PartyToInvite,
): Promise<boolean> {
  const email = invite.email?.trim();
  await trx
    .updateTable('requestInvitation')
    .set({ revokedAt: sql`now()` })
    .where('petitionerId', '=', invite.petitionerId)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .execute();
  if (!email || isFilersAddress(options.filer, email)) return false;
  const token = newOpaqueToken();
  await trx
    .insertInto('requestInvitation')
    .values({
      requestId: invite.requestId,
      petitionerId: invite.petitionerId,
      party: invite.party,
      email,
      tokenHash: hashOpaqueToken(token),
      expiresAt: sql`now() + make_interval(days => ${INVITATION_LIFETIME_DAYS})`,
    })
    .execute();
  // The account whose action mails this address: it counts toward its daily cap (mail-cap.ts).
  await enqueueMail(trx, {
    ...invitationMail({
      to: email,
      requestId: invite.requestId,
      party: invite.party,
      link: `${options.publicUrl}/invitation/${token}`,
      communityName: options.communityName,
    }),
    cause: options.cause,
  });
  return true;
}

/** A live invitation (not used, revoked or expired) by its link token, or the French 400. */
async function liveInvitation(db: Kysely<Database>, token: string) {
  const found = await db
    .selectFrom('requestInvitation')
    .selectAll()
    .where('tokenHash', '=', hashOpaqueToken(token))
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!found) throw new AppError('TOKEN_INVALID', INVITATION_MESSAGES.invalid);
  return found;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** `GET invitation/{token}`: what the invitation is about, for the signed-in account. */
export async function describeInvitation(
  db: Kysely<Database>,
  viewer: Filer,
  token: string,
): Promise<InvitationSummary> {
  const invitation = await liveInvitation(db, token);
  return {
    requestNumber: invitation.requestId,
    party: invitation.party,
    forThisAccount: sameAddress(invitation.email, viewer.email),
  };
}

/**
 * `POST invitation/{token}/accept`: the signed-in account of the invited address becomes the
 * party's account (single use, in one statement), so that it sees the request; traced.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  actor: Filer & { picture: string | null },
  token: string,
): Promise<InvitationAccepted> {
  const invitation = await liveInvitation(db, token);
  if (!sameAddress(invitation.email, actor.email))
    throw new AppError('FORBIDDEN', INVITATION_MESSAGES.otherAddress);
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('requestInvitation')
      .set({ acceptedAt: sql`now()`, acceptedUserId: actor.id })
      .where('id', '=', invitation.id)
      .where('acceptedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw new AppError('TOKEN_INVALID', INVITATION_MESSAGES.invalid);
    await trx
      .updateTable('petitioner')
      .set({ stdUserId: actor.id, updatedAt: sql`now()` })
      .where('id', '=', invitation.petitionerId)
      .execute();
    await writeHistory(trx, {
      entity: 'request',
      entityId: invitation.requestId,
      actor,
      context: 'Invitation acceptée',
      data: { action: 'acceptInvitation', party: invitation.party, petitionerId: invitation.petitionerId },
    });
    const request = await trx
      .selectFrom('request')
      .select('publicId')
      .where('id', '=', invitation.requestId)
      .executeTakeFirstOrThrow();
    return { publicId: request.publicId };
  });
}
