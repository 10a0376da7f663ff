import type { Kysely } from 'kysely';
import type { StorageQuotas } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import type { FileStore } from '../../files/file-store.ts';

/**
 * Failures a test may inject inside the filing transaction (dependency injection only: the
 * production server never passes any).
 */
export interface FilingFaults {
  /** Called right after the applicant row is written. */
  afterApplicant?: () => void | Promise<void>;
  /** Called right after the forms are written (works form, alignment, 14024), with their ids. */
  afterForms?: (forms: {
    cerfa14023Id: number | null;
    alignmentId: number | null;
    cerfa14024Id: number | null;
  }) => void | Promise<void>;
}

/** What the filing services need. */
export interface FilingDeps {
  db: Kysely<Database>;
  store: FileStore;
  /** UPLOAD_MAX_BYTES. */
  maxBytes: number;
  /** The storage quotas of a request's documents and of an account's uploads. */
  quotas: StorageQuotas;
  /** Base of the links in mails. */
  publicUrl: string;
  /** The community's name, as the mails say it. */
  communityName: string;
  /** Tells the mail sender that a commit queued mail. */
  onMailQueued: () => void;
  /** MAIL_MAX_PER_ACCOUNT_PER_DAY: mails a filer may cause to addresses neither its own nor staff. */
  mailMaxPerAccountPerDay: number;
  faults?: FilingFaults;
}

/** The spec's prefix of a refused filing (docs/api-filing.md "POST /api/request"). */
export const FILING_ERROR_PREFIX = "Erreur lors de l'ajout du dossier : ";
/**
 * The parties' own failure sentences (docs/screens.md "Notices and errors"), said before their
 * reasons inside a refused filing or completion.
 */
export const PARTY_ERROR_SECTIONS = [
  { path: 'parties.petitioner', text: "Erreur lors de l'ajout du demandeur." },
  { path: 'parties.beneficiary', text: "Erreur lors de l'ajout du bénéficiaire." },
] as const;
/** Prefix of a refused completion (same words, the update screen shares the wizard). */
export const UPDATE_ERROR_PREFIX = 'Erreur lors de la mise à jour du dossier : ';
