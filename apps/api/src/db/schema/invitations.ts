import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** An invitation mailed to a party's address (migration 0009). */
export interface RequestInvitationTable {
  id: Generated<number>;
  requestId: number;
  petitionerId: number;
  party: 'petitioner' | 'beneficiary';
  email: string;
  tokenHash: string;
  expiresAt: Timestamp;
  acceptedAt: NullableTimestamp;
  acceptedUserId: number | null;
  revokedAt: NullableTimestamp;
  createdAt: Generated<Date>;
}

export interface InvitationTables {
  requestInvitation: RequestInvitationTable;
}
