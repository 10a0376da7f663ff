import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The electronic publication of regulatory acts (docs/acts.md « Publication »): one row per
 * published traffic order, written in the signature's transaction — the PDF as published
 * (stamped, PDF/A when Ghostscript is there, sealed when a certificate is), its SHA-256 and where
 * it is stored. `failed` rows hold the signed PDF's place while the publication is retried
 * (published_at NULL, `error` says why); the works of the request stay off /travaux until then.
 * The row is the job: inserted pending in the signature's transaction, published right after the
 * commit by the instance that signed, or by any instance's retry once `claimed_until` has passed
 * (that instance died, or the attempt failed) — nothing is lost, nothing published twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `CREATE TABLE act_publication (
      act_id integer PRIMARY KEY REFERENCES act_register (id),
      published_at timestamptz,
      storage_key text,
      sha256 text,
      size integer,
      pdfa boolean NOT NULL DEFAULT false,
      sealed boolean NOT NULL DEFAULT false,
      late boolean NOT NULL DEFAULT false,
      error text,
      attempts integer NOT NULL DEFAULT 0,
      claimed_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((published_at IS NULL) = (storage_key IS NULL) AND (storage_key IS NULL) = (sha256 IS NULL))
    )`,
    'CREATE INDEX act_publication_pending_idx ON act_publication (act_id) WHERE published_at IS NULL',
    'CREATE INDEX act_publication_sha256_idx ON act_publication (sha256)',
  ]);
}
