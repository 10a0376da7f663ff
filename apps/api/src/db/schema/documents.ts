import type { Generated } from 'kysely';
import type { Reception, StateId } from '@voirie/domain';
import type { DefaultTimestamp, NullableDate, NullableTimestamp, Stored } from './columns.ts';

/** A works reception (docs/data-model.md "Entities"); the current one is a request's latest. */
export interface ReceptionTable {
  id: Generated<number>;
  requestId: number;
  stateId: StateId | null;
  exState: StateId | null;
  /** 'Photos' or 'Rendez-vous'. */
  option: string | null;
  avis: 'accepté' | 'refusé' | null;
  dateVisite: NullableDate;
  motifRefus: Stored<Reception['motifRefus']>;
  motifRefusTxt: string | null;
  partieDomainePublic: Stored<Reception['partieDomainePublic']>;
  rdv1: NullableTimestamp;
  rdv2: NullableTimestamp;
  rdv3: NullableTimestamp;
  /** The chosen proposal, 1 to 3. */
  acceptRdv: Stored<Reception['acceptRdv']>;
  roadDisturbance: Generated<boolean>;
  lon: number | null;
  lat: number | null;
  /** The road-disturbance report (migration 0014): who saw it, what, when. */
  witnessUserId: number | null;
  disturbanceComment: string | null;
  disturbanceAt: NullableTimestamp;
  /**
   * After a refusal: the day the formal notice's delay ends (migration 0019), from its signed
   * act's proven notification (0042).
   */
  remedyDueOn: NullableDate;
  /** The act of this reception's signed formal notice (migration 0042). */
  formalNoticeActId: number | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

/** A file attached to a request; the content is stored by its SHA-256. */
export interface DocumentTable {
  id: Generated<number>;
  requestId: number;
  stdUserId: number | null;
  typeDocumentId: number;
  name: string;
  mimeType: string;
  size: number;
  /** Lower-case hex SHA-256 of the content. */
  sha256: string;
  storageKey: string;
  /** Photos (migration 0014): where it was taken, and how that is known. */
  lat: number | null;
  lon: number | null;
  positionSource: 'device' | 'exif' | null;
  /** Letters: when it was mailed to the applicant (null: a draft). */
  sentAt: NullableTimestamp;
  createdAt: DefaultTimestamp;
}

export interface DocumentTables {
  reception: ReceptionTable;
  document: DocumentTable;
}
