import { sql, type Kysely } from 'kysely';
import {
  partyForNature,
  type Cerfa14023Input,
  type Cerfa14024Input,
  type GeometryCollection,
  type IndividualAlignmentRequestInput,
  type PetitionerInput,
  type SecondaryAddressInput,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { addressValues } from './request-values.ts';
import type { StoredAttachment } from './stored-files.ts';
import { assertStorageQuota, type UploadQuota } from '../../files/storage-quota.ts';
import { fieldChanges } from '../../history/changes.ts';
import { partyAccount, type Filer } from '../invitations/invitation-service.ts';

// The rows of a filing, written in the caller's transaction. Only the applicant's fields are
// written: ids, decisions and ownership are never taken from the payload.

/** A party's columns: only the identity of its nature (partyForNature), the rest null. */
function partyValues(input: Omit<PetitionerInput, 'id' | 'stdUserId'>) {
  const party = partyForNature(input);
  return {
    nature: party.nature,
    title: party.title ?? null,
    lastName: party.lastName ?? null,
    firstName: party.firstName ?? null,
    corporationName: party.corporationName ?? null,
    corporationSiret: party.corporationSiret ?? null,
    corporationAgent: party.corporationAgent ?? null,
    corporationAgentTitle: party.corporationAgentTitle ?? null,
    ...addressValues(party),
    country: party.country ?? null,
    phone: party.phone ?? null,
    phoneIndicative: party.phoneIndicative ?? null,
    email: party.email ?? null,
  };
}

/**
 * Inserts an applicant or beneficiary; returns its id. Its account is the filer's when the
 * filer typed its own address, else none: a typed e-mail never gives access (docs/api-groups.md
 * "Who sees what") — the address is invited instead (requests/invitations).
 */
export async function insertParty(
  trx: Kysely<Database>,
  party: PetitionerInput,
  filer: Filer,
): Promise<number> {
  const { id } = await trx
    .insertInto('petitioner')
    .values({ ...partyValues(party), stdUserId: partyAccount(filer, party.email) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Saves an applicant or beneficiary over an existing row. A changed address loses the account
 * that had accepted the old one (the new address is invited). Returns the changed fields
 * (before/after) and whether the address changed.
 */
export async function updateParty(trx: Kysely<Database>, id: number, party: PetitionerInput, filer: Filer) {
  const before = await trx
    .selectFrom('petitioner')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const values = partyValues(party);
  const emailChanged =
    (before.email ?? '').trim().toLowerCase() !== (values.email ?? '').trim().toLowerCase();
  await trx
    .updateTable('petitioner')
    .set({
      ...values,
      ...(emailChanged ? { stdUserId: partyAccount(filer, values.email) } : {}),
      updatedAt: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
  return { changes: fieldChanges(before, values), emailChanged };
}

/** The applicant's fields of a CERFA 14023 (never the decision's). */
function cerfaValues(form: Cerfa14023Input) {
  const { id: _id, ...values } = form;
  return values;
}

export async function insertCerfa(trx: Kysely<Database>, form: Cerfa14023Input): Promise<number> {
  const { id } = await trx
    .insertInto('cerfa14023')
    .values(cerfaValues(form))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The forms a request links to, whose applicant's part a completion saves. */
type FormTable = 'cerfa14023' | 'individualAlignmentRequest' | 'cerfa14024';

/**
 * Saves the applicant's fields over a stored form; returns the changed fields (before/after).
 * The values are the same objects the form's insert writes (and types against its table).
 */
async function updateForm(trx: Kysely<Database>, table: FormTable, id: number, values: object) {
  const before = await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await trx
    .updateTable(table)
    .set({ ...values, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
  return fieldChanges(before, values);
}

/** Saves the applicant's part of a works form; returns the changed fields (before/after). */
export async function updateCerfa(trx: Kysely<Database>, id: number, form: Cerfa14023Input) {
  return updateForm(trx, 'cerfa14023', id, cerfaValues(form));
}

function alignmentValues(form: IndividualAlignmentRequestInput) {
  const { id: _id, ...values } = form;
  return values;
}

export async function insertAlignment(
  trx: Kysely<Database>,
  form: IndividualAlignmentRequestInput,
): Promise<number> {
  const { id } = await trx
    .insertInto('individualAlignmentRequest')
    .values(alignmentValues(form))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Saves the applicant's part of an alignment request; returns the changed fields (before/after). */
export async function updateAlignment(
  trx: Kysely<Database>,
  id: number,
  form: IndividualAlignmentRequestInput,
) {
  return updateForm(trx, 'individualAlignmentRequest', id, alignmentValues(form));
}

/** Inserts the traffic-police order (cerfa 14024) filed with a permission; returns its id. */
export async function insertTrafficOrder(trx: Kysely<Database>, form: Cerfa14024Input): Promise<number> {
  const { id } = await trx.insertInto('cerfa14024').values(form).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Saves the applicant's 14024 over the stored one; returns the changed fields (before/after). */
export async function updateTrafficOrder(trx: Kysely<Database>, id: number, form: Cerfa14024Input) {
  return updateForm(trx, 'cerfa14024', id, form);
}

/** The drawn shapes as stored: a 2D GeometryCollection in EPSG:4326. */
export function geometryValue(geometry: GeometryCollection) {
  return sql<string>`ST_ForceCollection(ST_Force2D(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(geometry)}::text), 4326)))`;
}

/** Replaces the secondary addresses of a request, in the order entered. */
export async function replaceAddresses(
  trx: Kysely<Database>,
  requestId: number,
  addresses: readonly SecondaryAddressInput[],
): Promise<void> {
  await trx.deleteFrom('requestAddress').where('requestId', '=', requestId).execute();
  if (addresses.length === 0) return;
  await trx
    .insertInto('requestAddress')
    .values(
      addresses.map((address, position) => ({
        requestId,
        position,
        ...addressValues(address),
        prescription: address.prescription ?? null,
      })),
    )
    .execute();
}

/**
 * One document row per stored file (with a photo's place); their ids, in the files' order. With
 * `quota`, the request's and the account's totals are checked again under their locks, so that
 * concurrent uploads cannot each pass on the same total (files/storage-quota.ts).
 */
export async function insertDocuments(
  trx: Kysely<Database>,
  options: { requestId: number; userId: number; files: readonly StoredAttachment[]; quota?: UploadQuota },
): Promise<number[]> {
  if (options.files.length === 0) return [];
  if (options.quota) {
    const incoming = options.files.reduce((sum, file) => sum + file.size, 0);
    await assertStorageQuota(trx, options.quota, { requestId: options.requestId, incoming, lock: true });
  }
  const rows = await trx
    .insertInto('document')
    .values(
      options.files.map((file) => ({
        requestId: options.requestId,
        stdUserId: options.userId,
        typeDocumentId: file.typeDocumentId,
        name: file.filename,
        mimeType: file.mimeType,
        size: file.size,
        sha256: file.sha256,
        storageKey: file.storageKey,
        lat: file.position?.lat ?? null,
        lon: file.position?.lon ?? null,
        positionSource: file.position?.source ?? null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
