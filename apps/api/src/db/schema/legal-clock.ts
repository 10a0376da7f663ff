import type { Generated } from 'kysely';
import type { ClockEventKind } from '@voirie/domain';
import type { DefaultTimestamp, NullableDate } from './columns.ts';

/** A change of a request's legal clock (migration 0019). */
export interface LegalClockEventTable {
  id: Generated<number>;
  requestId: number;
  kind: ClockEventKind;
  onDate: string;
  deadlineOn: NullableDate;
  ruleId: string;
  createdAt: DefaultTimestamp;
}

/** An administrator's delay for a rule of the legal clock, over the law's default. */
export interface LegalRuleSettingTable {
  ruleId: string;
  months: number;
  days: number;
  extendToWorkingDay: boolean;
  updatedBy: number | null;
  updatedAt: DefaultTimestamp;
}

/** A notice the daily job sent, once (its kind and key: the digest of a day to an account…). */
export interface ClockNoticeTable {
  kind: string;
  key: string;
  requestId: number | null;
  userId: number | null;
  createdAt: DefaultTimestamp;
}

export interface LegalClockTables {
  legalClockEvent: LegalClockEventTable;
  legalRuleSetting: LegalRuleSettingTable;
  clockNotice: ClockNoticeTable;
}
