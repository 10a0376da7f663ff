import { sql, type Kysely } from 'kysely';
import {
  isAlignmentKind,
  isAlignmentRequest,
  acknowledgementLines,
  can,
  UPLOAD_MESSAGES,
  UpdateRequestSchema,
  type IndividualAlignmentRequestInput,
  type UpdateRequest,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { fieldError, validationError } from '../../errors/field-errors.ts';
import { fieldChanges } from '../../history/changes.ts';
import { refusalError } from '../../errors/refusal.ts';
import { workflowRequestOf } from '../../policies/request-policy.ts';
import type { Actor } from '../../policies/visibility.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { RequestListRow } from '../list-query.ts';
import type { FilingSubmission } from './file-request-service.ts';
import {
  checkOperator,
  checkRoad,
  checkSubmission,
  isApplicantType,
  type AcceptedFile,
} from './filing-checks.ts';
import { PARTY_ERROR_SECTIONS, UPDATE_ERROR_PREFIX, type FilingDeps } from './filing-deps.ts';
import { enqueueCompletionMails } from './filing-mails.ts';
import { enqueueApplicantMail } from '../workflow/instruction-mails.ts';
import { inviteParty, type Filer } from '../invitations/invitation-service.ts';
import { mailCauseOf } from '../../mail/mail-cap.ts';
import { runTransition } from '../workflow/transition.ts';
import {
  geometryValue,
  insertAlignment,
  insertCerfa,
  insertDocuments,
  insertTrafficOrder,
  replaceAddresses,
  updateAlignment,
  updateCerfa,
  updateParty,
  updateTrafficOrder,
} from './filing-writes.ts';
import { applicantRequestValues, siteAddressOf } from './request-values.ts';
import { receivedBytes, withStoredFiles } from './stored-files.ts';
import { assertStorageQuota } from '../../files/storage-quota.ts';
import { parisToday } from '../french-date.ts';
import type { HistoryData } from '../../history/history.ts';

/** The stored links of a request that a completion rewrites. */
interface StoredLinks {
  petitionerId: number;
  beneficiaryId: number | null;
  isBeneficiaire: boolean;
  cerfa14023Id: number | null;
  alignmentId: number | null;
  cerfa14024Id: number | null;
  operatorPerimeterId: number | null;
  missing: number[];
}

async function loadLinks(deps: FilingDeps, id: number): Promise<StoredLinks> {
  const row = await deps.db
    .selectFrom('request')
    .select([
      'petitionerId',
      'beneficiaryId',
      'isBeneficiaire',
      'cerfa14023Id',
      'alignmentId',
      'cerfa14024Id',
      'operatorPerimeterId',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const missing = await deps.db
    .selectFrom('requestMissingDocument')
    .select('typeDocumentId')
    .where('requestId', '=', id)
    .orderBy('typeDocumentId')
    .execute();
  return { ...row, missing: missing.map((m) => m.typeDocumentId) };
}

type FormIds = Pick<StoredLinks, 'cerfa14023Id' | 'alignmentId' | 'cerfa14024Id'>;

/** Saves a form over the stored one, or creates it should the request lack it; its id and changes. */
async function saveOne<F>(
  id: number | null,
  form: F,
  writes: {
    insert: (form: F) => Promise<number>;
    update: (id: number, form: F) => Promise<HistoryData>;
  },
): Promise<{ id: number; changes: HistoryData }> {
  if (id === null) return { id: await writes.insert(form), changes: { created: true } };
  return { id, changes: await writes.update(id, form) };
}

/**
 * Saves the kind's forms over the stored ones: an alignment request's own form; a permission's
 * works form, its alignment request (kept, never added nor removed: checkUpdate) and its 14024 —
 * saved, created, or removed when sent null (a payload without these keys leaves them as they
 * are). Returns the forms' ids and their changes.
 */
async function saveForms(trx: Kysely<Database>, links: StoredLinks, data: UpdateRequest) {
  const alignmentWrites = {
    insert: (form: IndividualAlignmentRequestInput) => insertAlignment(trx, form),
    update: (id: number, form: IndividualAlignmentRequestInput) => updateAlignment(trx, id, form),
  };
  if (isAlignmentRequest(data)) {
    const alignment = await saveOne(links.alignmentId, data.individualAlignmentRequest, alignmentWrites);
    const ids: FormIds = {
      cerfa14023Id: links.cerfa14023Id,
      alignmentId: alignment.id,
      cerfa14024Id: links.cerfa14024Id,
    };
    return { ids, changes: { alignment: alignment.changes } };
  }
  const changes: HistoryData = {};
  const cerfa = await saveOne(links.cerfa14023Id, data.cerfa1402301, {
    insert: (form) => insertCerfa(trx, form),
    update: (id, form) => updateCerfa(trx, id, form),
  });
  changes.cerfa14023 = cerfa.changes;
  let alignmentId = links.alignmentId;
  if (data.individualAlignmentRequest) {
    const alignment = await saveOne(alignmentId, data.individualAlignmentRequest, alignmentWrites);
    alignmentId = alignment.id;
    changes.alignment = alignment.changes;
  }
  let cerfa14024Id: number | null = links.cerfa14024Id;
  if (data.cerfa14024) {
    const order = await saveOne(cerfa14024Id, data.cerfa14024, {
      insert: (form) => insertTrafficOrder(trx, form),
      update: (id, form) => updateTrafficOrder(trx, id, form),
    });
    cerfa14024Id = order.id;
    changes.cerfa14024 = order.changes;
  } else if (data.cerfa14024 === null && cerfa14024Id !== null) {
    // Sent null: no longer asked (absent: left as it is). Unlinked here, deleted once the request
    // no longer points to it (saveForms' caller).
    changes.cerfa14024 = { removed: true };
    cerfa14024Id = null;
  }
  const ids: FormIds = { cerfa14023Id: cerfa.id, alignmentId, cerfa14024Id };
  return { ids, changes };
}

/**
 * Which workflow action a `PUT request/{id}` is for this actor: the completion of a request in
 * state 8 ('complete', 8 -> 9), else the admin's 'Mise à jour du dossier' ('updateRequest', in any
 * state). 403 for a role that may do neither, 409 with the spec's words otherwise.
 */
function actionFor(actor: Actor, row: RequestListRow): 'complete' | 'updateRequest' {
  const workflow = workflowRequestOf(row);
  const complete = can(actor, 'complete', workflow);
  if (complete.ok) return 'complete';
  if (can(actor, 'updateRequest', workflow).ok) return 'updateRequest';
  throw refusalError(complete);
}

interface CheckedUpdate {
  data: UpdateRequest;
  files: AcceptedFile[];
  road: { wayType: string; inUrban: boolean } | null;
}

async function checkUpdate(
  deps: FilingDeps,
  actor: Actor,
  row: RequestListRow,
  links: StoredLinks,
  submission: FilingSubmission,
  completing: boolean,
): Promise<CheckedUpdate> {
  const { data, types, files, errors } = await checkSubmission(deps.db, UpdateRequestSchema, submission, {
    allowType: (type) => isApplicantType(type) || links.missing.includes(type.id),
    maxBytes: deps.maxBytes,
  });
  const sent = new Set(files.map((file) => file.typeDocumentId));
  // A completion brings every missing piece; the admin's update outside state 8 asks for none.
  for (const typeId of completing ? links.missing.filter((id) => !sent.has(id)) : []) {
    const name = types.find((type) => type.id === typeId)?.name ?? String(typeId);
    errors.push(fieldError(`documents.${String(typeId)}`, UPLOAD_MESSAGES.missingCompleteness(name)));
  }
  let road: CheckedUpdate['road'] = null;
  if (data) {
    if (data.type !== row.type)
      errors.push(fieldError('type', 'Le type de la demande ne peut pas être modifié.'));
    // The alignment asked with a permission is instructed with it: the update keeps it, or its
    // absence, as filed (its form may change; a payload without the key leaves it as it is).
    if (
      !isAlignmentKind(data.type) &&
      data.individualAlignmentRequest !== undefined &&
      (data.individualAlignmentRequest !== null) !== (links.alignmentId !== null)
    )
      errors.push(
        fieldError(
          'individualAlignmentRequest',
          links.alignmentId === null
            ? "Une demande d'alignement ne peut pas être ajoutée lors de la mise à jour du dossier."
            : "La demande d'alignement ne peut pas être retirée lors de la mise à jour du dossier.",
        ),
      );
    if (data.isbeneficiaire !== links.isBeneficiaire) {
      errors.push(
        fieldError(
          'parties.isbeneficiaire',
          'La case « Le Bénéficiaire est différent du demandeur » ne peut pas être modifiée.',
        ),
      );
    }
    // Without a new drawing (not required in state 8) the stored footprint and way type stay.
    if (data.theGeom && data.theGeom.geometries.length > 0) {
      const checked = await checkRoad(deps.db, data.theGeom);
      if (checked.ok) road = checked;
      else errors.push(checked.error);
    }
    const operatorError = await checkOperator(deps.db, actor, data.operatorPerimeterId, {
      current: links.operatorPerimeterId,
    });
    if (operatorError) errors.push(operatorError);
  }
  if (errors.length > 0 || !data) throw validationError(UPDATE_ERROR_PREFIX, errors, PARTY_ERROR_SECTIONS);
  return { data, files, road };
}

/** The filer of a request (its parties' addresses are compared with its account's). */
async function filerOf(deps: FilingDeps, row: RequestListRow): Promise<Filer> {
  const owner =
    row.ownerUserId === null
      ? undefined
      : await deps.db
          .selectFrom('stdUser')
          .select(['id', 'email'])
          .where('id', '=', row.ownerUserId)
          .executeTakeFirst();
  return owner ?? { id: 0, email: '' };
}

/**
 * `PUT request/{id}` (docs/api-filing.md "PUT /api/request/{id}"): the owner (or an admin)
 * completes a request in state 8 — or an admin updates it in any other state ('Mise à jour du
 * dossier'). Saves applicant, beneficiary, form, addresses and the documents sent through the
 * transition runner: the state change (8 -> 9 for a completion), the writes, the history entry with
 * every changed field (before/after), the invitations of changed addresses and the instructor's mail, in one
 * transaction.
 */
export async function completeRequest(
  deps: FilingDeps,
  actor: Actor,
  key: string,
  submission: FilingSubmission,
): Promise<{ id: number; notice: string }> {
  const row = await findVisibleRequest(deps.db, actor, key);
  const action = actionFor(actor, row);
  const completing = action === 'complete';
  const links = await loadLinks(deps, row.id);
  const { data, files, road } = await checkUpdate(deps, actor, row, links, submission, completing);
  const filer = await filerOf(deps, row);
  const inviting = {
    filer,
    publicUrl: deps.publicUrl,
    communityName: deps.communityName,
    cause: mailCauseOf(actor, deps.mailMaxPerAccountPerDay),
  };

  const quota = { actor, quotas: deps.quotas };
  await assertStorageQuota(deps.db, quota, { requestId: row.id, incoming: receivedBytes(files) });
  const done = await withStoredFiles(deps, files, (stored) =>
    runTransition(deps.db, actor, key, action, undefined, {
      historyContext: completing ? 'Complétude de la demande' : 'Mise à jour du dossier',
      write: async ({ trx, clock }) => {
        const changes: HistoryData = {};
        // A party saved over its row; a changed address is invited again.
        const saveParty = async (
          party: 'petitioner' | 'beneficiary',
          petitionerId: number,
          input: UpdateRequest['petitioner'],
        ) => {
          const saved = await updateParty(trx, petitionerId, input, filer);
          changes[party] = saved.changes;
          if (saved.emailChanged)
            await inviteParty(trx, inviting, { requestId: row.id, petitionerId, party, email: input.email });
        };
        await saveParty('petitioner', links.petitionerId, data.petitioner);
        if (links.beneficiaryId && data.beneficiary)
          await saveParty('beneficiary', links.beneficiaryId, data.beneficiary);
        const forms = await saveForms(trx, links, data);
        Object.assign(changes, forms.changes);
        const requestValues = {
          ...applicantRequestValues(data),
          operatorPerimeterId: data.operatorPerimeterId ?? null,
          ...(road ? { wayType: road.wayType, inUrban: road.inUrban } : {}),
        };
        const before = await trx
          .selectFrom('request')
          .selectAll()
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow();
        changes.request = fieldChanges(before, {
          ...requestValues,
          ...(road && data.theGeom ? { theGeom: 'redessiné' } : {}),
        });
        await trx
          .updateTable('request')
          .set({
            ...requestValues,
            ...(road && data.theGeom ? { theGeom: geometryValue(data.theGeom) } : {}),
            ...forms.ids,
            madeDate: parisToday(),
            updatedAt: sql`now()`,
          })
          .where('id', '=', row.id)
          .execute();
        // A 14024 no longer asked goes with its link (no other row points to it).
        if (links.cerfa14024Id !== null && forms.ids.cerfa14024Id === null)
          await trx.deleteFrom('cerfa14024').where('id', '=', links.cerfa14024Id).execute();
        await replaceAddresses(trx, row.id, data.adresses);
        await insertDocuments(trx, { requestId: row.id, userId: actor.id, files: stored, quota });
        if (completing) {
          await trx.deleteFrom('requestMissingDocument').where('requestId', '=', row.id).execute();
          await enqueueCompletionMails(
            trx,
            {
              id: row.id,
              publicId: row.publicId,
              type: data.type,
              ownerUserId: row.ownerUserId,
              instructeurId: row.instructeurId,
              address: siteAddressOf(data),
            },
            { publicUrl: deps.publicUrl },
          );
          // The delay starts again from the receipt of the pieces: a new acknowledgement
          // (CRPA L112-3, L114-5).
          if (clock?.event.kind === 'restarted' && clock.clock.deadlineOn)
            await enqueueApplicantMail(
              trx,
              row,
              {
                subject: `Accusé de réception des pièces de votre demande n° ${String(row.id)}`,
                lines: [
                  `Les pièces complémentaires de votre demande n° ${String(row.id)} ont bien été reçues ; elle est de nouveau transférée pour instruction.`,
                  ...acknowledgementLines({
                    rule: clock.rule,
                    receivedOn: clock.event.onDate,
                    deadlineOn: clock.clock.deadlineOn,
                    requestedStart: requestValues.dateStart ?? null,
                  }),
                ],
                context: 'Accusé de réception',
                cause: mailCauseOf(actor, deps.mailMaxPerAccountPerDay),
              },
              { publicUrl: deps.publicUrl },
            );
        }
        return { documents: stored.map((file) => file.typeDocumentId), changes };
      },
    }),
  );
  deps.onMailQueued();
  return { id: row.id, notice: done.result.notice };
}
