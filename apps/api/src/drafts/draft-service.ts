import type { Kysely, Transaction } from 'kysely';
import {
  DRAFT_LIMITS,
  DRAFT_MESSAGES,
  draftStateBytes,
  type Draft,
  type DraftInput,
  type DraftSummary,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { assertMayCreate } from '../requests/catalogue/catalogue-access.ts';
import type { Viewer } from '../policies/visibility.ts';

// Drafts of the filing wizard (docs/api-drafts.md). Each belongs to the
// account that saved it: every read, write and delete names its owner, so that another
// account's draft is a 404 like one that does not exist.

const SUMMARY = ['id', 'kind', 'step', 'label', 'createdAt', 'updatedAt'] as const;

interface SummaryRow {
  id: string;
  kind: number;
  step: number;
  label: string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

function present(row: SummaryRow): DraftSummary {
  return {
    id: row.id,
    kind: row.kind as DraftSummary['kind'],
    step: row.step as DraftSummary['step'],
    label: row.label,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', DRAFT_MESSAGES.notFound);

/** The state within DRAFT_LIMITS.maxStateBytes (413 otherwise), as the column takes it. */
function storedState(input: DraftInput): string {
  if (draftStateBytes(input.state) > DRAFT_LIMITS.maxStateBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', DRAFT_MESSAGES.tooLarge, {
      errors: [{ path: 'state', message: DRAFT_MESSAGES.tooLarge }],
    });
  return JSON.stringify(input.state);
}

/** `GET drafts`: the caller's own drafts, the last saved first (no state). */
export async function listDrafts(db: Kysely<Database>, actor: Viewer): Promise<DraftSummary[]> {
  const rows = await db
    .selectFrom('requestDraft')
    .select(SUMMARY)
    .where('ownerUserId', '=', actor.id)
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(present);
}

/** `GET drafts/{id}`: one of the caller's drafts with its wizard state (404 for anyone else's). */
export async function getDraft(db: Kysely<Database>, actor: Viewer, id: string): Promise<Draft> {
  const row = await db
    .selectFrom('requestDraft')
    .select([...SUMMARY, 'state'])
    .where('id', '=', id)
    .where('ownerUserId', '=', actor.id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return { ...present(row), state: row.state };
}

/**
 * `POST drafts`: a new draft of the caller, who must be allowed to file. At most
 * DRAFT_LIMITS.maxPerAccount per account, counted under a lock of the account's row so that two
 * saves at once cannot both pass the limit (409 with the French reason beyond it).
 */
export async function createDraft(
  db: Kysely<Database>,
  actor: Viewer,
  input: DraftInput,
): Promise<DraftSummary> {
  assertMayCreate(actor);
  const state = storedState(input);
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('stdUser').select('id').where('id', '=', actor.id).forUpdate().execute();
    const { count } = await trx
      .selectFrom('requestDraft')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('ownerUserId', '=', actor.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= DRAFT_LIMITS.maxPerAccount) throw new AppError('CONFLICT', DRAFT_MESSAGES.tooMany);
    const row = await trx
      .insertInto('requestDraft')
      .values({ ownerUserId: actor.id, kind: input.kind, step: input.step, label: input.label, state })
      .returning(SUMMARY)
      .executeTakeFirstOrThrow();
    return present(row);
  });
}

/** `PUT drafts/{id}`: the caller's draft replaced by what the wizard holds now (404 for anyone else's). */
export async function updateDraft(
  db: Kysely<Database>,
  actor: Viewer,
  id: string,
  input: DraftInput,
): Promise<DraftSummary> {
  assertMayCreate(actor);
  const state = storedState(input);
  const row = await db
    .updateTable('requestDraft')
    .set({ kind: input.kind, step: input.step, label: input.label, state, updatedAt: new Date() })
    .where('id', '=', id)
    .where('ownerUserId', '=', actor.id)
    .returning(SUMMARY)
    .executeTakeFirst();
  if (!row) throw notFound();
  return present(row);
}

/** `DELETE drafts/{id}`: one of the caller's drafts (404 for anyone else's). */
export async function deleteDraft(db: Kysely<Database>, actor: Viewer, id: string): Promise<void> {
  const deleted = await db
    .deleteFrom('requestDraft')
    .where('id', '=', id)
    .where('ownerUserId', '=', actor.id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound();
}

/**
 * The draft a filing came from, deleted inside the filing's transaction: it goes with the filed
 * request, and stays when the filing fails. Only the filer's own draft; an unknown or foreign id
 * changes nothing (the filing itself does not depend on it).
 */
export async function deleteFiledDraft(
  trx: Transaction<Database>,
  filerId: number,
  draftId: string | null | undefined,
): Promise<void> {
  if (!draftId) return;
  await trx.deleteFrom('requestDraft').where('id', '=', draftId).where('ownerUserId', '=', filerId).execute();
}
