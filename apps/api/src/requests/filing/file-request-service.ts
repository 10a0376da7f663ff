import {
  isAlignmentRequest,
  acknowledgementLines,
  apply,
  can,
  FileRequestSchema,
  partyForNature,
  type FileRequest,
} from '@voirie/domain';
import type { Kysely, Transaction } from 'kysely';
import { partyName } from '../printed-text.ts';
import type { Database } from '../../db/schema/index.ts';
import { validationError } from '../../errors/field-errors.ts';
import { refusalError } from '../../errors/refusal.ts';
import type { UploadedPart } from '../../files/upload-parts.ts';
import { writeHistory } from '../../history/history.ts';
import type { Actor } from '../../policies/visibility.ts';
import {
  checkOperator,
  checkRoad,
  checkSubmission,
  missingMandatoryErrors,
  type AcceptedFile,
} from './filing-checks.ts';
import { FILING_ERROR_PREFIX, PARTY_ERROR_SECTIONS, type FilingDeps } from './filing-deps.ts';
import { enqueueFilingMails } from './filing-mails.ts';
import { mailCauseOf } from '../../mail/mail-cap.ts';
import {
  geometryValue,
  insertAlignment,
  insertCerfa,
  insertDocuments,
  insertParty,
  insertTrafficOrder,
  replaceAddresses,
} from './filing-writes.ts';
import { inviteParty } from '../invitations/invitation-service.ts';
import { applicantRequestValues, siteAddressOf } from './request-values.ts';
import { receivedBytes, withStoredFiles } from './stored-files.ts';
import { assertStorageQuota } from '../../files/storage-quota.ts';
import { recordFilingKey } from './idempotency.ts';
import { startRequestClock } from '../../legal-clock/clock-writes.ts';
import { parisToday } from '../french-date.ts';

/** A filing as received: the JSON payload and the file parts (already in temporary files). */
export interface FilingSubmission {
  payload: unknown;
  parts: readonly UploadedPart[];
}

interface CheckedFiling {
  data: FileRequest;
  files: AcceptedFile[];
  road: { wayType: string; inUrban: boolean };
}

/** Everything that can refuse a filing, before anything is written; all reasons at once. */
async function checkFiling(
  deps: FilingDeps,
  actor: Actor,
  submission: FilingSubmission,
): Promise<CheckedFiling> {
  const { data, types, files, errors } = await checkSubmission(deps.db, FileRequestSchema, submission, {
    allowType: (type) => type.categorie === 'demande',
    maxBytes: deps.maxBytes,
  });
  let road: CheckedFiling['road'] | null = null;
  if (data) {
    const checked = data.theGeom ? await checkRoad(deps.db, data.theGeom) : null;
    if (checked && !checked.ok) errors.push(checked.error);
    if (checked?.ok) road = checked;
    const operatorError = await checkOperator(deps.db, actor, data.operatorPerimeterId);
    if (operatorError) errors.push(operatorError);
    // A file refused for its content does not count as attached.
    errors.push(...missingMandatoryErrors(types, data.type, files));
  }
  if (errors.length > 0 || !data || !road)
    throw validationError(FILING_ERROR_PREFIX, errors, PARTY_ERROR_SECTIONS);
  return { data, files, road };
}

/** The forms a request is filed with, each in its table. */
interface FiledForms {
  cerfa14023Id: number | null;
  alignmentId: number | null;
  cerfa14024Id: number | null;
}

/**
 * Writes the forms of a filing: a permission's works form, with the alignment request and the
 * traffic-police order when asked; an alignment request's own form.
 */
async function insertForms(trx: Kysely<Database>, data: FileRequest): Promise<FiledForms> {
  if (isAlignmentRequest(data))
    return {
      cerfa14023Id: null,
      alignmentId: await insertAlignment(trx, data.individualAlignmentRequest),
      cerfa14024Id: null,
    };
  return {
    cerfa14023Id: await insertCerfa(trx, data.cerfa1402301),
    alignmentId: data.individualAlignmentRequest
      ? await insertAlignment(trx, data.individualAlignmentRequest)
      : null,
    cerfa14024Id: data.cerfa14024 ? await insertTrafficOrder(trx, data.cerfa14024) : null,
  };
}

/** The history's names of the forms filed: 'cerfa14023', 'alignement', 'cerfa14024'. */
function filedForms(forms: FiledForms): string[] {
  return [
    forms.cerfa14023Id === null ? null : 'cerfa14023',
    forms.alignmentId === null ? null : 'alignement',
    forms.cerfa14024Id === null ? null : 'cerfa14024',
  ].filter((name): name is string => name !== null);
}

/** The workflow's 'file' row, by role only (any kind): 403 for a role that may not file. */
export function assertMayFile(actor: { id: number; roles: readonly string[] }): void {
  const allowed = can(actor, 'file', { stateId: null, type: 1, sendToSign: false, ownerId: null });
  if (!allowed.ok) throw refusalError(allowed);
}

/**
 * `POST request` (docs/api-filing.md "POST /api/request"): checks everything, then
 * writes applicant, beneficiary, form, request (state 3 by the workflow's 'file'), secondary addresses,
 * documents, history and mails in one transaction. Files reach the store only once checked
 * and are removed again if the transaction fails. Returns the new request's id.
 */
export async function fileRequest(
  deps: FilingDeps,
  actor: Actor,
  submission: FilingSubmission,
  options: {
    idempotencyKey?: string | null;
    /** Deletes the wizard's draft inside the filing's transaction (drafts/ sits above requests/). */
    deleteDraft?: (trx: Transaction<Database>) => Promise<void>;
  } = {},
): Promise<{ id: number; notice: string }> {
  const { data, files, road } = await checkFiling(deps, actor, submission);
  const filed = apply({ stateId: null, type: data.type, sendToSign: false, ownerId: null }, 'file', actor);
  if (!filed.ok) throw refusalError(filed);

  // Within the storage quotas: before anything is stored, then again under lock.
  const quota = { actor, quotas: deps.quotas };
  await assertStorageQuota(deps.db, quota, { requestId: null, incoming: receivedBytes(files) });
  const id = await withStoredFiles(deps, files, (stored) =>
    deps.db.transaction().execute(async (trx) => {
      // The wizard's draft goes with the filing: kept if anything below fails.
      await options.deleteDraft?.(trx);
      const filer = { id: actor.id, email: actor.email };
      const petitionerId = await insertParty(trx, data.petitioner, filer);
      await deps.faults?.afterApplicant?.();
      const beneficiaryId =
        data.isbeneficiaire && data.beneficiary ? await insertParty(trx, data.beneficiary, filer) : null;
      const { cerfa14023Id, alignmentId, cerfa14024Id } = await insertForms(trx, data);
      await deps.faults?.afterForms?.({ cerfa14023Id, alignmentId, cerfa14024Id });
      const request = await trx
        .insertInto('request')
        .values({
          ...applicantRequestValues(data),
          type: data.type,
          stateId: filed.request.stateId,
          sendToSign: filed.request.sendToSign ?? false,
          noMail: filed.request.noMail ?? false,
          petitionerId,
          beneficiaryId,
          isBeneficiaire: beneficiaryId !== null,
          cerfa14023Id,
          alignmentId,
          cerfa14024Id,
          ownerUserId: actor.id,
          operatorPerimeterId: data.operatorPerimeterId ?? null,
          theGeom: data.theGeom ? geometryValue(data.theGeom) : null,
          wayType: road.wayType,
          inUrban: road.inUrban,
          madeDate: parisToday(),
        })
        .returning(['id', 'publicId'])
        .executeTakeFirstOrThrow();
      // Early in the transaction: a concurrent duplicate waits here, then fails and rolls back.
      if (options.idempotencyKey)
        await recordFilingKey(trx, { userId: actor.id, key: options.idempotencyKey, requestId: request.id });
      await replaceAddresses(trx, request.id, data.adresses);
      await insertDocuments(trx, { requestId: request.id, userId: actor.id, files: stored, quota });
      // The delay starts with the filing (CRPA L114-5: again when missing pieces arrive).
      const today = parisToday();
      const { rule, clock } = await startRequestClock(trx, request.id, today);
      const inviting = {
        filer,
        publicUrl: deps.publicUrl,
        communityName: deps.communityName,
        cause: mailCauseOf(actor, deps.mailMaxPerAccountPerDay),
      };
      await inviteParty(trx, inviting, {
        requestId: request.id,
        petitionerId,
        party: 'petitioner',
        email: data.petitioner.email,
      });
      if (beneficiaryId !== null)
        await inviteParty(trx, inviting, {
          requestId: request.id,
          petitionerId: beneficiaryId,
          party: 'beneficiary',
          email: data.beneficiary?.email,
        });
      await writeHistory(trx, {
        entity: 'request',
        entityId: request.id,
        actor: { id: actor.id, email: actor.email, picture: actor.picture },
        context: 'Dépôt de la demande',
        data: {
          action: 'file',
          to: filed.request.stateId,
          type: data.type,
          // The forms filed: a permission may carry its alignment request and its 14024.
          forms: filedForms({ cerfa14023Id, alignmentId, cerfa14024Id }),
          documents: stored.map((file) => file.typeDocumentId),
        },
      });
      await enqueueFilingMails(
        trx,
        {
          id: request.id,
          publicId: request.publicId,
          type: data.type,
          ownerUserId: actor.id,
          forms: { alignmentId, cerfa14024Id },
          address: siteAddressOf(data),
          parties: {
            petitioner: partyName(partyForNature(data.petitioner)),
            beneficiary: beneficiaryId === null ? null : partyName(partyForNature(data.beneficiary ?? {})),
          },
        },
        {
          publicUrl: deps.publicUrl,
          petitionerEmail: data.petitioner.email ?? null,
          ownerEmail: actor.email,
          cause: mailCauseOf(actor, deps.mailMaxPerAccountPerDay),
          acknowledgement: acknowledgementLines({
            rule,
            receivedOn: today,
            deadlineOn: clock.deadlineOn ?? today,
            requestedStart: data.dateStart ?? null,
          }),
        },
      );
      return request.id;
    }),
  );
  deps.onMailQueued();
  return { id, notice: filed.notice };
}
