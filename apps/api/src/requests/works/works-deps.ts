import type { StorageQuotas } from '@voirie/domain';
import type { FileStore } from '../../files/file-store.ts';
import { mailCauseOf, type MailCause } from '../../mail/mail-cap.ts';
import type { Actor } from '../../policies/visibility.ts';
import type { PdfConverter } from '../../files/pdf-converter.ts';
import type { InstructionDeps } from '../workflow/instruction-service.ts';
import type { RecordsArchive } from './records-archive.ts';

/** What the works-phase services need. */
export interface WorksDeps extends InstructionDeps {
  store: FileStore;
  /** UPLOAD_MAX_BYTES. */
  maxBytes: number;
  /** The storage quotas of a request's documents and of an account's uploads. */
  quotas: StorageQuotas;
  /** DATA_DIR: the letters' templates are DATA_DIR/<modele.file_key>. */
  dataDir: string;
  convertToPdf: PdfConverter;
  /** MAIL_MAX_PER_ACCOUNT_PER_DAY: an applicant's actions count toward its cap. */
  mailMaxPerAccountPerDay: number;
  /** Where a formal notice sent to the records system goes (document/elise). */
  records: RecordsArchive;
  /** The server's clock (tests set it). */
  now?: () => Date;
  /** Where a failed letter generation's cause goes (the user reads a French message). */
  logError?: (error: unknown, message: string) => void;
}

/** The mail cause of an action (capped when the actor is not staff, mail-cap.ts). */
export const causeOf = (deps: Pick<WorksDeps, 'mailMaxPerAccountPerDay'>, actor: Actor): MailCause =>
  mailCauseOf(actor, deps.mailMaxPerAccountPerDay);

/** The clock of the works services. */
export const clockOf = (deps: Pick<WorksDeps, 'now'>): Date => deps.now?.() ?? new Date();
