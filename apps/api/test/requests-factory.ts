import { Readable } from 'node:stream';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Role } from '@voirie/domain';
import type { Database } from '../src/db/schema/index.ts';
import type { IndividualAlignmentRequestTable } from '../src/db/schema/requests.ts';
import type { TestApp } from './test-app.ts';
import { pdfNamed } from './filing-helpers.ts';

export interface TestUser {
  id: number;
  email: string;
  token: string;
  headers: { authorization: string };
}

let sequence = 0;

/** A validated account with these roles and a session (bearer token). */
export async function createUser(
  t: TestApp,
  roles: Role[],
  fields: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<TestUser> {
  sequence += 1;
  const email = fields.email ?? `user${String(sequence)}.${roles.join('-').toLowerCase()}@exemple.fr`;
  const { id } = await t.database.db
    .insertInto('stdUser')
    .values({
      email,
      passwordHash: null,
      firstName: fields.firstName ?? 'Prénom',
      lastName: fields.lastName ?? `Nom${String(sequence)}`,
      emailValidatedAt: sql`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const role of roles)
    await t.database.db.insertInto('userRole').values({ userId: id, roleCode: role }).execute();
  const token = await t.ctx.sessions.issue(id);
  return { id, email, token, headers: { authorization: `Bearer ${token}` } };
}

export interface RequestSpec {
  state?: number;
  kind?: 1 | 2 | 3;
  owner?: { id: number; email: string } | null;
  sendToSign?: boolean;
  instructeurId?: number | null;
  operatorPerimeterId?: number | null;
  /** INSEE code of the town the geometry is put in (default Capbreton 40065); null: no geometry. */
  insee?: string | null;
  city?: string;
  numaffaire?: string | null;
  dateStart?: string | null;
  dateEnd?: string | null;
  depositDate?: string;
  addressNum?: string;
  addressType?: string;
  addressName?: string;
  petitioner?: {
    firstName?: string;
    lastName?: string;
    corporationName?: string;
    corporationAgent?: string;
    email?: string;
    stdUserId?: number | null;
  };
  beneficiary?: { firstName?: string; lastName?: string; email?: string; stdUserId?: number | null };
}

/** A request in any workflow state, its applicant (and beneficiary) included. */
export async function createRequest(
  db: Kysely<Database>,
  spec: RequestSpec = {},
): Promise<{ id: number; publicId: string }> {
  const petitioner = await db
    .insertInto('petitioner')
    .values({
      nature: spec.petitioner?.corporationName ? 'Entreprise' : 'Particulier',
      firstName: spec.petitioner?.firstName ?? 'Marie',
      lastName: spec.petitioner?.lastName ?? 'Durand',
      corporationName: spec.petitioner?.corporationName ?? null,
      corporationAgent: spec.petitioner?.corporationAgent ?? null,
      email: spec.petitioner?.email ?? spec.owner?.email ?? 'anonyme@exemple.fr',
      stdUserId: spec.petitioner?.stdUserId ?? spec.owner?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const beneficiary = spec.beneficiary
    ? await db
        .insertInto('petitioner')
        .values({
          nature: 'Particulier',
          firstName: spec.beneficiary.firstName ?? 'Paul',
          lastName: spec.beneficiary.lastName ?? 'Bénéficiaire',
          email: spec.beneficiary.email ?? null,
          stdUserId: spec.beneficiary.stdUserId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    : null;
  const insee = spec.insee === undefined ? '40065' : spec.insee;
  const geom =
    insee === null
      ? sql`NULL`
      : sql`(SELECT ST_ForceCollection(interior_point) FROM commune WHERE insee_code = ${insee})`;
  const row = await db
    .insertInto('request')
    .values({
      type: spec.kind ?? 1,
      stateId: spec.state ?? 3,
      sendToSign: spec.sendToSign ?? false,
      petitionerId: petitioner.id,
      beneficiaryId: beneficiary?.id ?? null,
      ownerUserId: spec.owner === undefined ? null : (spec.owner?.id ?? null),
      instructeurId: spec.instructeurId ?? null,
      operatorPerimeterId: spec.operatorPerimeterId ?? null,
      theGeom: geom as never,
      addressNum: spec.addressNum ?? '1',
      addressType: spec.addressType ?? 'rue',
      addressName: spec.addressName ?? 'des Pins',
      addressCity: spec.city ?? 'Capbreton',
      addressPostalCode: '40130',
      numaffaire: spec.numaffaire === undefined ? null : spec.numaffaire,
      dateStart: spec.dateStart ?? null,
      dateEnd: spec.dateEnd ?? null,
      ...(spec.depositDate ? { depositDate: spec.depositDate } : {}),
    })
    .returning(['id', 'publicId'])
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * A document of a request whose file is in the store (a PDF named after `label` unless a content
 * is given): an order as generated, a piece as uploaded.
 */
export async function attachStoredDocument(
  t: TestApp,
  spec: {
    requestId: number;
    typeDocumentId: number;
    name: string;
    stdUserId?: number | null;
    mimeType?: string;
    content?: Buffer;
  },
): Promise<number> {
  const content = spec.content ?? pdfNamed(`${spec.name} ${String(spec.requestId)}`);
  const stored = await t.ctx.filing.store.put(await t.ctx.filing.store.receive(Readable.from([content])));
  const { id } = await t.database.db
    .insertInto('document')
    .values({
      requestId: spec.requestId,
      stdUserId: spec.stdUserId ?? null,
      typeDocumentId: spec.typeDocumentId,
      name: spec.name,
      mimeType: spec.mimeType ?? 'application/pdf',
      size: content.length,
      sha256: stored.sha256,
      storageKey: stored.storageKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** How many rows a table holds (a refused action must leave the count as it was). */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The request's fields the instruction actions change: its state, signing, reorientation and refusal. */
export function instructionState(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('request')
    .select(['stateId', 'sendToSign', 'reorientationMail', 'signatureRefusal'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** What actions leave beside the request row: its history lines, mails and documents, counted. */
export async function requestTraces(
  db: Kysely<Database>,
  id: number,
): Promise<{ history: number; mails: number; documents: number }> {
  const [history, mails, documents] = await Promise.all([
    db
      .selectFrom('historyLog')
      .select('id')
      .where('entity', '=', 'request')
      .where('entityId', '=', id)
      .execute(),
    db.selectFrom('mailLog').select('id').where('requestId', '=', id).execute(),
    db.selectFrom('document').select('id').where('requestId', '=', id).execute(),
  ]);
  return { history: history.length, mails: mails.length, documents: documents.length };
}

/** A request's history, oldest first: each line's context and data. */
export function requestHistory(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('historyLog')
    .select(['context', 'data'])
    .where('entity', '=', 'request')
    .where('entityId', '=', id)
    .orderBy('id')
    .execute();
}

/** An alignment request's form, asked to build a fence unless `values` say otherwise: its id. */
export async function insertAlignmentForm(
  db: Kysely<Database>,
  values: Partial<Insertable<IndividualAlignmentRequestTable>> = {},
): Promise<number> {
  const { id } = await db
    .insertInto('individualAlignmentRequest')
    .values({ reasonRequest: 'Real cloture', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
