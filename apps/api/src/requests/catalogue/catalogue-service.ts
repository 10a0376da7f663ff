import type { Kysely } from 'kysely';
import {
  IndividualAlignmentRequestInputSchema,
  PetitionerInputSchema,
  cerfa14023InputSchema,
  kindOfCerfa14023,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { validationError } from '../../errors/field-errors.ts';
import { presentCerfa, presentCerfa14024, presentParty } from '../detail/detail-parts.ts';
import { parsePayload } from '../filing/filing-checks.ts';
import type { FilingDeps } from '../filing/filing-deps.ts';
import {
  insertAlignment,
  insertCerfa,
  insertParty,
  updateAlignment,
  updateCerfa,
  updateParty,
} from '../filing/filing-writes.ts';
import { inviteParty, type Filer } from '../invitations/invitation-service.ts';
import { mailCauseOf } from '../../mail/mail-cap.ts';
import type { Actor } from '../../policies/visibility.ts';
import { runTransition, type TransitionContext } from '../workflow/transition.ts';
import {
  assertMayCreate,
  CATALOGUE_NOT_FOUND,
  requestOfObject,
  type CatalogueObject,
  type ReadableObject,
} from './catalogue-access.ts';
import { AppError } from '../../errors/app-error.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { HistoryData } from '../../history/history.ts';

// The catalogue's step-by-step endpoints (docs/api-filing.md). A POST creates a free-standing object;
// a PUT edits an object of a filed request, and only through that request's workflow
// ('updateRequest': its owner in state 8, an admin in any state), traced with before/after
// values in the same transaction. The atomic `POST request` is what the wizard uses.

export type CatalogueDeps = Pick<
  FilingDeps,
  'db' | 'publicUrl' | 'communityName' | 'mailMaxPerAccountPerDay'
>;

// The spec's failure texts (docs/screens.md "Notices and errors"), followed by the reasons.
const PREFIX = {
  petitioner: "Erreur lors de l'ajout du demandeur. ",
  cerfa14023: 'Erreur lors de la création du Cerfa 14023. ',
  alignment: "Erreur lors de la création de l'alignement. ",
} as const;

function parseOrThrow<T>(
  result: { data: T | null; errors: { path: string; message: string }[] },
  prefix: string,
): T {
  if (result.data === null) throw validationError(prefix, result.errors);
  return result.data;
}

const loadParty = async (db: Kysely<Database>, id: number) =>
  presentParty(await db.selectFrom('petitioner').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const loadCerfa = async (db: Kysely<Database>, id: number) =>
  presentCerfa(await db.selectFrom('cerfa14023').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const loadAlignment = async (db: Kysely<Database>, id: number) => {
  const {
    createdAt: _c,
    updatedAt: _u,
    ...row
  } = await db
    .selectFrom('individualAlignmentRequest')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
};

const loadCerfa14024 = async (db: Kysely<Database>, id: number) =>
  presentCerfa14024(
    await db.selectFrom('cerfa14024').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  );

/**
 * `GET {object}/{id}`: the object as its request's detail shows it, to whoever sees that request
 * (docs/api-filing.md); 404 for anyone else, and for an object attached to no request.
 */
async function readThroughRequest<T>(
  deps: CatalogueDeps,
  actor: Actor,
  target: { object: ReadableObject; id: number },
  load: (db: Kysely<Database>, id: number) => Promise<T>,
): Promise<T> {
  const owning = await requestOfObject(deps.db, target.object, target.id);
  try {
    await findVisibleRequest(deps.db, actor, String(owning.requestId));
  } catch {
    throw new AppError('NOT_FOUND', CATALOGUE_NOT_FOUND);
  }
  return load(deps.db, target.id);
}

export const readPetitioner = (deps: CatalogueDeps, actor: Actor, id: number) =>
  readThroughRequest(deps, actor, { object: 'petitioner', id }, loadParty);
export const readCerfa = (deps: CatalogueDeps, actor: Actor, id: number) =>
  readThroughRequest(deps, actor, { object: 'cerfa14023', id }, loadCerfa);
export const readCerfa14024 = (deps: CatalogueDeps, actor: Actor, id: number) =>
  readThroughRequest(deps, actor, { object: 'cerfa14024', id }, loadCerfa14024);
export const readAlignment = (deps: CatalogueDeps, actor: Actor, id: number) =>
  readThroughRequest(deps, actor, { object: 'alignment', id }, loadAlignment);

/** The account that filed the request being edited: parties are compared with its address. */
async function filerOf(context: TransitionContext): Promise<Filer> {
  const owner =
    context.row.ownerUserId === null
      ? undefined
      : await context.trx
          .selectFrom('stdUser')
          .select(['id', 'email'])
          .where('id', '=', context.row.ownerUserId)
          .executeTakeFirst();
  return owner ?? { id: 0, email: '' };
}

/**
 * Edits an object of a filed request through the workflow's 'updateRequest': 404 when the object
 * or its request is not visible, 403/409 by the table, 400 on bad input — nothing written then.
 */
async function editThroughWorkflow(
  deps: CatalogueDeps,
  actor: Actor,
  target: { object: CatalogueObject; id: number },
  write: (
    context: TransitionContext,
    owning: Awaited<ReturnType<typeof requestOfObject>>,
  ) => Promise<HistoryData>,
): Promise<void> {
  const owning = await requestOfObject(deps.db, target.object, target.id);
  await runTransition(deps.db, actor, String(owning.requestId), 'updateRequest', undefined, {
    historyContext: 'Mise à jour du dossier',
    write: async (context) => ({
      object: target.object,
      objectId: target.id,
      changes: await write(context, owning),
    }),
  });
}

/** `POST petitioner`. */
export async function createPetitioner(deps: CatalogueDeps, actor: Actor, body: unknown) {
  assertMayCreate(actor);
  const party = parseOrThrow(parsePayload(PetitionerInputSchema, body), PREFIX.petitioner);
  const id = await deps.db.transaction().execute((trx) => insertParty(trx, party, actor));
  return loadParty(deps.db, id);
}

/** `PUT petitioner/{id}`: a changed address is invited (it gives no access by itself). */
export async function savePetitioner(deps: CatalogueDeps, actor: Actor, id: number, body: unknown) {
  await editThroughWorkflow(deps, actor, { object: 'petitioner', id }, async (context, owning) => {
    const party = parseOrThrow(parsePayload(PetitionerInputSchema, body), PREFIX.petitioner);
    const filer = await filerOf(context);
    const saved = await updateParty(context.trx, id, party, filer);
    if (saved.emailChanged) {
      await inviteParty(
        context.trx,
        {
          filer,
          publicUrl: deps.publicUrl,
          communityName: deps.communityName,
          cause: mailCauseOf(actor, deps.mailMaxPerAccountPerDay),
        },
        {
          requestId: owning.requestId,
          petitionerId: id,
          party: owning.party ?? 'petitioner',
          email: party.email,
        },
      );
    }
    return saved.changes;
  });
  return loadParty(deps.db, id);
}

/** The form's kind: access/fencing (3) when the payload says isAccessDevelopment, else networks (1). */
const cerfaSchemaOf = (body: unknown) =>
  cerfa14023InputSchema(
    kindOfCerfa14023((body as { isAccessDevelopment?: unknown } | null)?.isAccessDevelopment === true),
  );

/** `POST cerfa14023`. */
export async function createCerfa(deps: CatalogueDeps, actor: Actor, body: unknown) {
  assertMayCreate(actor);
  const form = parseOrThrow(parsePayload(cerfaSchemaOf(body), body), PREFIX.cerfa14023);
  const id = await deps.db.transaction().execute((trx) => insertCerfa(trx, form));
  return loadCerfa(deps.db, id);
}

/** `PUT cerfa14023/{id}`: the kind is the stored form's, whatever the payload says. */
export async function saveCerfa(deps: CatalogueDeps, actor: Actor, id: number, body: unknown) {
  await editThroughWorkflow(deps, actor, { object: 'cerfa14023', id }, async ({ trx }) => {
    const stored = await trx
      .selectFrom('cerfa14023')
      .select('isAccessDevelopment')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const form = parseOrThrow(
      parsePayload(cerfa14023InputSchema(kindOfCerfa14023(stored.isAccessDevelopment)), body),
      PREFIX.cerfa14023,
    );
    return updateCerfa(trx, id, form);
  });
  return loadCerfa(deps.db, id);
}

/** `POST individualAlignmentRequest`. */
export async function createAlignment(deps: CatalogueDeps, actor: Actor, body: unknown) {
  assertMayCreate(actor);
  const form = parseOrThrow(parsePayload(IndividualAlignmentRequestInputSchema, body), PREFIX.alignment);
  const id = await deps.db.transaction().execute((trx) => insertAlignment(trx, form));
  return loadAlignment(deps.db, id);
}

/** `PUT individualAlignmentRequest/{id}`. */
export async function saveAlignment(deps: CatalogueDeps, actor: Actor, id: number, body: unknown) {
  await editThroughWorkflow(deps, actor, { object: 'alignment', id }, async ({ trx }) => {
    const form = parseOrThrow(parsePayload(IndividualAlignmentRequestInputSchema, body), PREFIX.alignment);
    return updateAlignment(trx, id, form);
  });
  return loadAlignment(deps.db, id);
}
