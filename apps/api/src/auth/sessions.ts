import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';

export interface SessionClaims {
  userId: number;
  sessionId: string;
}

/** Issues and checks sign-in tokens: a short-lived signed JWT tied to a revocable session row. */
export class SessionManager {
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
      const row = await db.selectFrom('appSetting').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
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

  /** The session behind a token, or null when the token is bad, expired or revoked. */
  async verify(token: string): Promise<SessionClaims | null> {
    let claims: SessionClaims;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
      claims = { userId, sessionId: payload.sid };
    } catch {
      return null;
    }
    const live = await this.db
      .selectFrom('userSession')
      .select('id')
      .where('id', '=', claims.sessionId)
      .where('userId', '=', claims.userId)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return live ? claims : null;
  }

  /** Ends one session (sign-out). */
  async revoke(sessionId: string): Promise<void> {
    await this.db.updateTable('userSession').set({ revokedAt: sql`now()` }).where('id', '=', sessionId).execute();
  }

  /** Ends every session of a user (password changed), except `keep`. */
  async revokeAll(db: Kysely<Database>, userId: number, keep?: string): Promise<void> {
    let query = db
      .updateTable('userSession')
      .set({ revokedAt: sql`now()` })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null);
    if (keep) query = query.where('id', '!=', keep);
    await query.execute();
  }
}
