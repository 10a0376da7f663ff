import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { JsonObject } from './columns.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface RoleTable {
  code: string;
  label: string;
}

export interface StdUserTable {
  id: Generated<number>;
  email: string;
  passwordHash: string | null;
  nature: string | null;
  title: string | null;
  lastName: string | null;
  firstName: string | null;
  phone: string | null;
  phoneIndicative: string | null;
  picture: string | null;
  quality: string | null;
  isCorporation: Generated<boolean>;
  corporationName: string | null;
  corporationSiret: string | null;
  corporationAgentTitle: string | null;
  corporationAgent: string | null;
  addressNum: string | null;
  addressExt: string | null;
  addressType: string | null;
  addressName: string | null;
  addressCity: string | null;
  addressPostalCode: string | null;
  /** Lieu-dit or PO box (migration 0030). */
  place: string | null;
  /** « Fonction », printed under the signatory's name (migration 0037); `title` is the civility. */
  jobTitle: string | null;
  country: string | null;
  emailValidatedAt: NullableTimestamp;
  isActive: Generated<boolean>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
  /** The opaque id of the user's web page (migration 0015). */
  publicId: Generated<string>;
  /** The avatar's content in the file store and its checked type (migration 0015). */
  avatarSha256: string | null;
  avatarMimeType: 'image/jpeg' | 'image/png' | 'image/bmp' | null;
}

export interface UserRoleTable {
  userId: number;
  roleCode: string;
}

export interface UserSessionTable {
  id: string;
  userId: number;
  createdAt: Generated<Date>;
  expiresAt: Timestamp;
  revokedAt: NullableTimestamp;
}

export interface AuthTokenTable {
  id: Generated<number>;
  userId: number;
  purpose: 'validate_email' | 'reset_password' | 'change_email';
  tokenHash: string;
  /** The address a 'change_email' link confirms (migration 0015). */
  newEmail: string | null;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
  createdAt: Generated<Date>;
}

export interface AppSettingTable {
  key: string;
  value: string;
}

/** An attachment small enough to travel in the outbox row (text content, e.g. an .ics). */
export interface InlineAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  context: string;
  requestId: number | null;
  userId: number | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  nextAttemptAt: Generated<Date>;
  lastError: string | null;
  createdAt: Generated<Date>;
  sentAt: NullableTimestamp;
  /** Stored documents sent as attachments (migration 0008). */
  attachmentDocumentIds: Generated<number[]>;
  /** Small attachments carried in the row (an .ics invitation), migration 0014. */
  inlineAttachments: ColumnType<InlineAttachment[], string | undefined, string>;
  /** Start of the current retry window: queued, or resent by an administrator (migration 0010). */
  retrySince: Generated<Date>;
  /** The account whose action queued the mail (migration 0010). */
  causedByUserId: number | null;
  /** Counts toward that account's daily mail cap (migration 0010). */
  countsTowardCap: Generated<boolean>;
}

export interface MailLogTable {
  id: Generated<number>;
  outboxId: number | null;
  requestId: number | null;
  userId: number | null;
  toAddress: string;
  subject: string;
  context: string;
  mailjetId: string | null;
  status: Generated<string>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface HistoryLogTable {
  id: Generated<number>;
  entity: string;
  entityId: number | null;
  userId: number | null;
  email: string | null;
  picture: string | null;
  context: string;
  data: JSONColumnType<JsonObject | null, string | null, string | null>;
  loggedAt: Generated<Date>;
}

export interface AccountTables {
  role: RoleTable;
  stdUser: StdUserTable;
  userRole: UserRoleTable;
  userSession: UserSessionTable;
  authToken: AuthTokenTable;
  appSetting: AppSettingTable;
  mailOutbox: MailOutboxTable;
  mailLog: MailLogTable;
  historyLog: HistoryLogTable;
}
