import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * A mail may carry stored documents as attachments (the signed order sent to the applicant and
 * to the order's recipients, who have no account to download it). Ids only: the sender reads
 * the files from the store when it sends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE mail_outbox ADD COLUMN attachment_document_ids integer[] NOT NULL DEFAULT '{}'`,
  ]);
}
