import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

/** Works receptions and the documents attached to requests. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // Works reception (docs/data-model.md "Entities"). A request may have several (a new one from
    // state 4, the latest updated otherwise): the current one is the latest by created_at.
    // option: 'Photos' or 'Rendez-vous'; avis: 'accepté' or 'refusé'; motif_refus and
    // partie_domaine_public are lists (text[]); rdv1..3: proposed appointments; accept_rdv: the
    // chosen proposal (1–3), null while none is chosen.
    `CREATE TABLE reception (
      id serial PRIMARY KEY,
      request_id integer NOT NULL REFERENCES request (id) ON DELETE CASCADE,
      state_id integer REFERENCES state (id),
      ex_state integer REFERENCES state (id),
      option text,
      avis text CHECK (avis IN ('accepté', 'refusé')),
      date_visite date,
      motif_refus text[],
      motif_refus_txt text,
      partie_domaine_public text[],
      rdv1 timestamptz,
      rdv2 timestamptz,
      rdv3 timestamptz,
      accept_rdv smallint CHECK (accept_rdv BETWEEN 1 AND 3),
      road_disturbance boolean NOT NULL DEFAULT false,
      lon double precision,
      lat double precision,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX reception_request_idx ON reception (request_id, created_at DESC)',

    // Attached files. The content is stored once per SHA-256 (storage_key names it in the
    // file store); a row per attachment. Deleting a request deletes its rows, not the files:
    // a file no row references any more may be collected by the storage adapter.
    `CREATE TABLE document (
      id serial PRIMARY KEY,
      request_id integer NOT NULL REFERENCES request (id) ON DELETE CASCADE,
      std_user_id integer REFERENCES std_user (id) ON DELETE SET NULL,
      type_document_id integer NOT NULL REFERENCES type_document (id),
      name text NOT NULL,
      mime_type text NOT NULL,
      size integer NOT NULL CHECK (size >= 0),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      storage_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX document_request_idx ON document (request_id, type_document_id)',
    'CREATE INDEX document_sha256_idx ON document (sha256)',
  ]);
}
