import type { Kysely } from 'kysely';
import { IndividualAlignmentRequestInputSchema, PetitionerInputSchema, cerfa14023InputSchema, kindOfCerfa14023 } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { validationError } from '../../http/error-handler.ts';
import { presentCerfa, presentParty } from '../detail/detail-parts.ts';
import { parsePayload } from '../filing/filing-checks.ts';
import { insertAlignment, insertCerfa, insertParty, updateAlignment, updateCerfa, updateParty } from '../filing/filing-writes.ts';
import type { Viewer } from '../visibility.ts';
import { assertMayCreate, assertMayEdit, CATALOGUE_NOT_FOUND } from './catalogue-access.ts';

// The catalogue's step-by-step endpoints (spec 1 §7): each validated by the wizard's schema,
// authorized, and written in its own transaction. The atomic `POST request` is what the
// wizard uses; these serve API clients that file step by step.

// The spec's failure texts (spec 1 §8), followed by the reasons.
const PREFIX = {
  petitioner: "Erreur lors de l'ajout du demandeur. ",
  cerfa14023: 'Erreur lors de la création du Cerfa 14023. ',
  alignment: "Erreur lors de la création de l'alignement. ",
} as const;

function parseOrThrow<T>(result: { data: T | null; errors: { path: string; message: string }[] }, prefix: string): T {
  if (result.data === null) throw validationError(prefix, result.errors);
  return result.data;
}

const loadParty = async (db: Kysely<Database>, id: number) =>
  presentParty(await db.selectFrom('petitioner').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const loadCerfa = async (db: Kysely<Database>, id: number) =>
  presentCerfa(await db.selectFrom('cerfa14023').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const loadAlignment = async (db: Kysely<Database>, id: number) => {
  const { createdAt: _c, updatedAt: _u, ...row } = await db.selectFrom('individualAlignmentRequest').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return row;
};

/** Refuses a PUT on an object that does not exist (instructors reach this point for any id). */
async function assertExists(db: Kysely<Database>, table: 'petitioner' | 'cerfa14023' | 'individualAlignmentRequest', id: number) {
  const found = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', CATALOGUE_NOT_FOUND);
}

/** `POST petitioner`. */
export async function createPetitioner(db: Kysely<Database>, actor: Viewer, body: unknown) {
  assertMayCreate(actor);
  const party = parseOrThrow(parsePayload(PetitionerInputSchema, body), PREFIX.petitioner);
  const id = await db.transaction().execute((trx) => insertParty(trx, party));
  return loadParty(db, id);
}

/** `PUT petitioner/{id}`. */
export async function savePetitioner(db: Kysely<Database>, actor: Viewer, id: number, body: unknown) {
  await assertMayEdit(db, actor, 'petitioner', id);
  await assertExists(db, 'petitioner', id);
  const party = parseOrThrow(parsePayload(PetitionerInputSchema, body), PREFIX.petitioner);
  await db.transaction().execute((trx) => updateParty(trx, id, party));
  return loadParty(db, id);
}

/** The form's kind: access/fencing (3) when the payload says isAccessDevelopment, else networks (1). */
const cerfaSchemaOf = (body: unknown) => cerfa14023InputSchema(kindOfCerfa14023((body as { isAccessDevelopment?: unknown } | null)?.isAccessDevelopment === true));

/** `POST cerfa14023`. */
export async function createCerfa(db: Kysely<Database>, actor: Viewer, body: unknown) {
  assertMayCreate(actor);
  const form = parseOrThrow(parsePayload(cerfaSchemaOf(body), body), PREFIX.cerfa14023);
  const id = await db.transaction().execute((trx) => insertCerfa(trx, form));
  return loadCerfa(db, id);
}

/** `PUT cerfa14023/{id}`: the kind is the stored form's, whatever the payload says. */
export async function saveCerfa(db: Kysely<Database>, actor: Viewer, id: number, body: unknown) {
  await assertMayEdit(db, actor, 'cerfa14023', id);
  await assertExists(db, 'cerfa14023', id);
  const stored = await db.selectFrom('cerfa14023').select('isAccessDevelopment').where('id', '=', id).executeTakeFirstOrThrow();
  const form = parseOrThrow(parsePayload(cerfa14023InputSchema(kindOfCerfa14023(stored.isAccessDevelopment)), body), PREFIX.cerfa14023);
  await db.transaction().execute((trx) => updateCerfa(trx, id, form));
  return loadCerfa(db, id);
}

/** `POST individualAlignmentRequest`. */
export async function createAlignment(db: Kysely<Database>, actor: Viewer, body: unknown) {
  assertMayCreate(actor);
  const form = parseOrThrow(parsePayload(IndividualAlignmentRequestInputSchema, body), PREFIX.alignment);
  const id = await db.transaction().execute((trx) => insertAlignment(trx, form));
  return loadAlignment(db, id);
}

/** `PUT individualAlignmentRequest/{id}`. */
export async function saveAlignment(db: Kysely<Database>, actor: Viewer, id: number, body: unknown) {
  await assertMayEdit(db, actor, 'alignment', id);
  await assertExists(db, 'individualAlignmentRequest', id);
  const form = parseOrThrow(parsePayload(IndividualAlignmentRequestInputSchema, body), PREFIX.alignment);
  await db.transaction().execute((trx) => updateAlignment(trx, id, form));
  return loadAlignment(db, id);
}
