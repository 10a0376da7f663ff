import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import { withImplicitRole, type UserWithRoles } from './user-repository.ts';

export interface SessionClaims {
  userId: number;
  sessionId: string;
}

/**
 * How long a checked session is trusted without reading the database again. The check runs on
 * every request and, on the embedded database, costs more than most of the queries it guards;
 * a sign-out or password change in this process forgets the session at once, and another
 * process (several API instances on PostgreSQL) notices it within this delay: one second
 * (ADR 0001, addendum), while a busy page's burst of calls still reads the database once.
 */
export const SESSION_CACHE_MS = 1_000;
/** Most sessions kept in the cache (the oldest go first). */
const SESSION_CACHE_MAX = 10_000;

type CheckedSession = { claims: SessionClaims; user: UserWithRoles };

/** Issues and checks sign-in tokens: a short-lived signed JWT tied to a revocable session row. */
export class SessionManager {
  /**
   * Token -> the checked session and until when it is trusted (Map order = age). Keyed by the
   * token itself, a hit also skips the signature check: the same string was verified before.
   */
  private readonly cache = new Map<string, { until: number; found: CheckedSession }>();

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Uint8Array,
    readonly ttlSeconds: number,
  ) {}

  /**
   * Uses the configured secret, or the one kept in the database (generated on first use)
   * so that every instance and every restart agree on it.
   */
  static async create(db: Kysely<Database>, options: { secret?: string | undefined; ttlSeconds: number }) {
    let secret = options.secret;
    if (!secret) {
      await db
        .insertInto('appSetting')
        .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('appSetting')
        .select('value')
        .where('key', '=', 'jwt_secret')
        .executeTakeFirstOrThrow();
      secret = row.value;
    }
    return new SessionManager(db, new TextEncoder().encode(secret), options.ttlSeconds);
  }

  /** Opens a session for the user and returns its token. */
  async issue(userId: number): Promise<string> {
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    await this.db.insertInto('userSession').values({ id: sessionId, userId, expiresAt }).execute();
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /**
   * The signed-in user behind a token, in one query (it runs on every request): null when
   * the token is bad or expired, or its session revoked or ended.
   */
  async userOf(token: string): Promise<CheckedSession | null> {
    const cached = this.cache.get(token);
    if (cached && cached.until > Date.now()) return cached.found;
    this.cache.delete(token);
    let claims: SessionClaims;
    let tokenExpiresAt: number;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
        return null;
      claims = { userId, sessionId: payload.sid };
      tokenExpiresAt = payload.exp * 1000;
    } catch {
      return null;
    }
    const row = await this.db
      .selectFrom('userSession')
      .innerJoin('stdUser', 'stdUser.id', 'userSession.userId')
      .selectAll('stdUser')
      .select(
        sql<
          string[]
        >`array(select role_code from user_role where user_id = std_user.id order by role_code)`.as(
          'roleCodes',
        ),
      )
      .where('userSession.id', '=', claims.sessionId)
      .where('userSession.userId', '=', claims.userId)
      .where('userSession.revokedAt', 'is', null)
      .where('userSession.expiresAt', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (!row) return null;
    const { roleCodes, ...user } = row;
    const found = { claims, user: withImplicitRole(user, roleCodes) };
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    // Never trusted past the token's own expiry, which jwtVerify would have refused.
    this.cache.set(token, { until: Math.min(Date.now() + SESSION_CACHE_MS, tokenExpiresAt), found });
    return found;
  }

  /** Forgets the checked sessions of a user: the next request reads them again (roles, revocation). */
  forgetUser(userId: number): void {
    this.forgetWhere((claims) => claims.userId === userId);
  }

  private forgetWhere(matches: (claims: SessionClaims) => boolean): void {
    for (const [token, entry] of this.cache) {
      if (matches(entry.found.claims)) this.cache.delete(token);
    }
  }

  /** Ends one session (sign-out). */
  async revoke(sessionId: string): Promise<void> {
    await this.db
      .updateTable('userSession')
      .set({ revokedAt: sql`now()` })
      .where('id', '=', sessionId)
      .execute();
    this.forgetWhere((claims) => claims.sessionId === sessionId);
  }

  /**
   * Ends every session of a user (password changed), except `keep`. Inside a transaction, call
   * forgetUser again once it has committed: a request in between may have cached the old state.
   */
  async revokeAll(db: Kysely<Database>, userId: number, keep?: string): Promise<void> {
    this.forgetUser(userId);
    let query = db
      .updateTable('userSession')
      .set({ revokedAt: sql`now()` })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null);
    if (keep) query = query.where('id', '!=', keep);
    await query.execute();
  }
}
