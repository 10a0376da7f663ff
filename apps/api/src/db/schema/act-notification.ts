import type { NotificationMode } from '@voirie/domain';
import type { NullableDate, NullableTimestamp } from './columns.ts';

/** The notification of a notified act and its proof (migration 0039). */
export interface ActNotificationTable {
  actId: number;
  requestId: number;
  /** The applicant's account the decision mail went to; null: no account, post only. */
  recipientUserId: number | null;
  mailOutboxId: number | null;
  openedAt: NullableTimestamp;
  openedBy: number | null;
  letterNumber: string | null;
  receivedOn: NullableDate;
  postalRecordedBy: number | null;
  postalRecordedAt: NullableTimestamp;
  mode: NotificationMode | null;
  /** The proven date: the first opening by the recipient, or the letter's receipt (midnight, Paris). */
  notifiedAt: NullableTimestamp;
}

export interface ActNotificationTables {
  actNotification: ActNotificationTable;
}
