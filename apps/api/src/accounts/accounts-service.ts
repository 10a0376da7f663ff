import { sql, type Kysely } from 'kysely';
import { ACCOUNT_MESSAGES, type ConnectedUser, type Register, type SetPassword } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { fieldError } from '../errors/field-errors.ts';
import { enqueueMail, type OutgoingMail } from '../mail/outbox.ts';
import { writeHistory } from '../history/history.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { hashOpaqueToken } from '../auth/opaque-token.ts';
import { consumeLinkToken, issueLinkToken, LINK_LIFETIME_SECONDS, type TokenPurpose } from './link-tokens.ts';
import type { SessionManager } from './sessions.ts';
import { alreadyRegisteredMail, resetMail, validationMail, type LinkMail } from './account-mails.ts';
import { findUserByEmail, findUserWithRoles, presentConnectedUser } from './user-repository.ts';

/** The web pages the account links open, by their token's purpose. */
const LINK_PAGES = { validate_email: 'validate-email', reset_password: 'password' } as const;
type MailedPurpose = keyof typeof LINK_PAGES;

export interface AccountsDeps {
  db: Kysely<Database>;
  sessions: SessionManager;
  publicUrl: string;
  communityName: string;
  /** Shortens every link's lifetime (end-to-end tests of expiry); absent in normal use. */
  linkTtlSeconds?: number | undefined;
  /** Called after a commit that queued mail, so it leaves without waiting for the next poll. */
  onMailQueued: () => void;
}

/**
 * Sign-up, e-mail validation, sign-in and password recovery. Attempts are throttled by the
 * routes (routes/accounts/throttles.ts), which know the caller's address.
 */
export class AccountsService {
  constructor(private readonly deps: AccountsDeps) {}

  /**
   * Creates an applicant account (ROLE_DEMANDEUR) and mails the validation link. An address
   * that already has an account gets a mail instead, and the caller the same answer, so the
   * form cannot be used to learn who has an account.
   */
  async register(input: Register): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    await this.deps.db.transaction().execute(async (trx) => {
      const existing = await findUserByEmail(trx, input.email);
      if (existing) {
        if (existing.emailValidatedAt)
          await this.mailLink(trx, existing, 'reset_password', alreadyRegisteredMail);
        else await this.mailLink(trx, existing, 'validate_email', validationMail);
        return;
      }
      const user = await trx
        .insertInto('stdUser')
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName || null,
          lastName: input.lastName || null,
          phone: input.phone || null,
        })
        .returning(['id', 'email', 'picture'])
        .executeTakeFirstOrThrow();
      await trx.insertInto('userRole').values({ userId: user.id, roleCode: 'ROLE_DEMANDEUR' }).execute();
      await this.mailLink(trx, user, 'validate_email', validationMail);
      await writeHistory(trx, { entity: 'user', entityId: user.id, actor: user, context: 'Inscription' });
    });
    this.deps.onMailQueued();
  }

  /** Validates the address behind a single-use, 48-hour link. */
  async validateEmail(token: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const userId = await this.consumeToken(trx, token, 'validate_email');
      if (userId === null) throw new AppError('TOKEN_INVALID', ACCOUNT_MESSAGES.validationLinkInvalid);
      const user = await trx
        .updateTable('stdUser')
        .set({ emailValidatedAt: sql`coalesce(email_validated_at, now())`, updatedAt: sql`now()` })
        .where('id', '=', userId)
        .returning(['id', 'email', 'picture'])
        .executeTakeFirstOrThrow();
      await writeHistory(trx, {
        entity: 'user',
        entityId: userId,
        actor: user,
        context: 'Validation de l’adresse e-mail',
      });
    });
  }

  /** Checks the credentials and opens a session; a wrong password is INVALID_CREDENTIALS. */
  async login(username: string, password: string): Promise<{ token: string; user: ConnectedUser }> {
    const found = await findUserByEmail(this.deps.db, username);
    const passwordOk = await verifyPassword(found?.passwordHash ?? null, password);
    if (!found || !passwordOk) {
      throw new AppError('INVALID_CREDENTIALS', ACCOUNT_MESSAGES.loginFailure);
    }
    // Told only to whoever knows the password: no account enumeration.
    if (!found.emailValidatedAt)
      throw new AppError('EMAIL_NOT_VALIDATED', ACCOUNT_MESSAGES.emailNotValidated);
    if (!found.isActive) throw new AppError('ACCOUNT_DISABLED', ACCOUNT_MESSAGES.accountDisabled);
    const user = await findUserWithRoles(this.deps.db, found.id);
    if (!user) throw new AppError('INVALID_CREDENTIALS', ACCOUNT_MESSAGES.loginFailure);
    const token = await this.deps.sessions.issue(user.id);
    return { token, user: presentConnectedUser(user) };
  }

  /** Mails a reset link when the address has an account; the caller learns nothing either way. */
  async requestPasswordReset(email: string): Promise<void> {
    let queued = false;
    await this.deps.db.transaction().execute(async (trx) => {
      const user = await findUserByEmail(trx, email);
      if (!user || !user.isActive) return;
      await this.mailLink(trx, user, 'reset_password', resetMail);
      await writeHistory(trx, {
        entity: 'user',
        entityId: user.id,
        actor: null,
        context: 'Demande de réinitialisation du mot de passe',
      });
      queued = true;
    });
    if (queued) this.deps.onMailQueued();
  }

  /** The account a live reset link belongs to (the new-password page shows it). */
  async resolveResetToken(token: string): Promise<{ id: number; email: string }> {
    const row = await this.deps.db
      .selectFrom('authToken')
      .innerJoin('stdUser', 'stdUser.id', 'authToken.userId')
      .select(['stdUser.id', 'stdUser.email'])
      .where('authToken.tokenHash', '=', hashOpaqueToken(token))
      .where('authToken.purpose', '=', 'reset_password')
      .where('authToken.usedAt', 'is', null)
      .where('authToken.expiresAt', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (!row) throw new AppError('LINK_INVALID', ACCOUNT_MESSAGES.linkNoLongerValid);
    return row;
  }

  /**
   * Sets a new password, either with a reset link's token (single-use; it also proves the
   * mailbox, so the address counts as validated) or as the signed-in owner of the account, who
   * must give the current password. Ends the user's other sessions (all of them after a reset).
   */
  async setPassword(
    userId: number,
    input: SetPassword,
    session: { userId: number; sessionId: string } | null,
  ): Promise<void> {
    if (!input.token) await this.checkOwner(userId, input.currentPassword ?? '', session);
    const passwordHash = await hashPassword(input.password);
    await this.deps.db.transaction().execute(async (trx) => {
      if (input.token) {
        const owner = await this.consumeToken(trx, input.token, 'reset_password', userId);
        if (owner === null) throw new AppError('LINK_INVALID', ACCOUNT_MESSAGES.linkNoLongerValid);
      }
      const user = await trx
        .updateTable('stdUser')
        .set({
          passwordHash,
          updatedAt: sql`now()`,
          ...(input.token ? { emailValidatedAt: sql`coalesce(email_validated_at, now())` } : {}),
        })
        .where('id', '=', userId)
        .returning(['id', 'email', 'picture'])
        .executeTakeFirst();
      if (!user) throw new AppError('LINK_INVALID', ACCOUNT_MESSAGES.linkNoLongerValid);
      await this.deps.sessions.revokeAll(trx, userId, input.token ? undefined : session?.sessionId);
      await writeHistory(trx, {
        entity: 'user',
        entityId: userId,
        actor: user,
        context: 'Modification du mot de passe',
      });
    });
    this.deps.sessions.forgetUser(userId);
  }

  /** Without a reset link: only the signed-in owner, who knows the current password. */
  private async checkOwner(
    userId: number,
    currentPassword: string,
    session: { userId: number } | null,
  ): Promise<void> {
    if (!session) throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.sessionExpired);
    if (session.userId !== userId)
      throw new AppError('FORBIDDEN', 'Vous ne pouvez modifier que votre propre mot de passe.');
    const user = await this.deps.db
      .selectFrom('stdUser')
      .select('passwordHash')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!(await verifyPassword(user?.passwordHash ?? null, currentPassword))) {
      const message = ACCOUNT_MESSAGES.currentPasswordWrong;
      throw new AppError('VALIDATION', message, { errors: [fieldError('currentPassword', message)] });
    }
  }

  /** Queues the mail carrying a new link of the purpose to the user's page for it. */
  private async mailLink(
    trx: Kysely<Database>,
    user: { id: number; email: string },
    purpose: MailedPurpose,
    mail: (link: LinkMail) => OutgoingMail,
  ): Promise<void> {
    const token = await this.newToken(trx, user.id, purpose);
    const link = `${this.deps.publicUrl}/${LINK_PAGES[purpose]}/${token}`;
    await enqueueMail(
      trx,
      mail({ to: user.email, userId: user.id, link, communityName: this.deps.communityName }),
    );
  }

  /** A new link token of the purpose's lifetime (LINK_TTL_SECONDS shortens it in tests). */
  private newToken(trx: Kysely<Database>, userId: number, purpose: TokenPurpose): Promise<string> {
    const ttlSeconds = this.deps.linkTtlSeconds ?? LINK_LIFETIME_SECONDS[purpose];
    return issueLinkToken(trx, { userId, purpose, ttlSeconds });
  }

  /** Marks a live token used; its user, or null. */
  private async consumeToken(
    trx: Kysely<Database>,
    token: string,
    purpose: TokenPurpose,
    userId?: number,
  ): Promise<number | null> {
    const found = await consumeLinkToken(trx, {
      token,
      purpose,
      ...(userId === undefined ? {} : { userId }),
    });
    return found?.userId ?? null;
  }
}
