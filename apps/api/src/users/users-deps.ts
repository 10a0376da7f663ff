import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import type { SessionManager } from '../accounts/sessions.ts';
import type { FileStore } from '../files/file-store.ts';

/** What the user-administration services use. */
export interface UsersDeps {
  db: Kysely<Database>;
  sessions: SessionManager;
  store: FileStore;
  /** Largest accepted upload (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** Base of the links sent by mail. */
  publicUrl: string;
  communityName: string;
  /** Shortens every link's lifetime (LINK_TTL_SECONDS, tests of expiry); absent in normal use. */
  linkTtlSeconds: number | undefined;
  /** Called after a commit that queued mail. */
  onMailQueued: () => void;
  /** MAIL_MAX_PER_ACCOUNT_PER_DAY: a new address to confirm counts toward its account's cap. */
  mailMaxPerAccountPerDay: number;
}
