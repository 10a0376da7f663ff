import { sql, type Kysely } from 'kysely';
import { apply, NOT_IN_COMPLETENESS_MESSAGE, UPLOAD_MESSAGES, UpdateRequestSchema, type UpdateRequest } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { AppError, type FieldError } from '../../http/app-error.ts';
import { fieldError, validationError } from '../../http/error-handler.ts';
import { writeHistory } from '../../history/history.ts';
import { workflowRequestOf } from '../../policies/request-policy.ts';
import type { Actor } from '../cancel-service.ts';
import { findVisibleRequest } from '../list-service.ts';
import type { RequestListRow } from '../list-query.ts';
import type { FilingSubmission } from './file-request-service.ts';
import { checkFileParts, checkOperator, checkRoad, isApplicantType, loadDocumentTypes, parsePayload, type AcceptedFile } from './filing-checks.ts';
import { UPDATE_ERROR_PREFIX, type FilingDeps } from './filing-deps.ts';
import { enqueueCompletionMails } from './filing-mails.ts';
import { geometryValue, insertAlignment, insertCerfa, insertDocuments, replaceAddresses, todayInFrance, updateAlignment, updateCerfa, updateParty } from './filing-writes.ts';
import { applicantRequestValues, siteAddressOf } from './request-values.ts';
import { withStoredFiles } from './stored-files.ts';

/** The stored links of a request that a completion rewrites. */
interface StoredLinks {
  petitionerId: number;
  beneficiaryId: number | null;
  isBeneficiaire: boolean;
  cerfa14023Id: number | null;
  alignmentId: number | null;
  missing: number[];
}

async function loadLinks(deps: FilingDeps, id: number): Promise<StoredLinks> {
  const row = await deps.db
    .selectFrom('request')
    .select(['petitionerId', 'beneficiaryId', 'isBeneficiaire', 'cerfa14023Id', 'alignmentId'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const missing = await deps.db.selectFrom('requestMissingDocument').select('typeDocumentId').where('requestId', '=', id).orderBy('typeDocumentId').execute();
  return { ...row, missing: missing.map((m) => m.typeDocumentId) };
}

/** Saves the kind's form over the stored one (or creates it, should a request lack it). */
async function saveForm(trx: Kysely<Database>, links: StoredLinks, data: UpdateRequest): Promise<Pick<StoredLinks, 'cerfa14023Id' | 'alignmentId'>> {
  if (data.type === 2) {
    if (!links.alignmentId) return { cerfa14023Id: links.cerfa14023Id, alignmentId: await insertAlignment(trx, data.individualAlignmentRequest) };
    await updateAlignment(trx, links.alignmentId, data.individualAlignmentRequest);
    return links;
  }
  if (!links.cerfa14023Id) return { cerfa14023Id: await insertCerfa(trx, data.cerfa1402301), alignmentId: links.alignmentId };
  await updateCerfa(trx, links.cerfa14023Id, data.cerfa1402301);
  return links;
}

/** The workflow's 'complete' for this actor: 403 role, 409 with the spec's words otherwise. */
function authorize(actor: Actor, row: RequestListRow) {
  const result = apply(workflowRequestOf(row), 'complete', actor);
  if (result.ok) return result;
  if (result.reason === 'role') throw new AppError('FORBIDDEN', result.message);
  throw new AppError('STATE_CONFLICT', NOT_IN_COMPLETENESS_MESSAGE);
}

interface CheckedUpdate {
  data: UpdateRequest;
  files: AcceptedFile[];
  road: { wayType: string; inUrban: boolean } | null;
}

async function checkUpdate(deps: FilingDeps, actor: Actor, row: RequestListRow, links: StoredLinks, submission: FilingSubmission): Promise<CheckedUpdate> {
  const parsed = parsePayload(UpdateRequestSchema, submission.payload);
  const types = await loadDocumentTypes(deps.db);
  const uploads = checkFileParts(submission.parts, {
    types,
    allowType: (type) => isApplicantType(type) || links.missing.includes(type.id),
    maxBytes: deps.maxBytes,
  });
  const errors: FieldError[] = [...parsed.errors, ...uploads.errors];
  const sent = new Set(uploads.files.map((file) => file.typeDocumentId));
  for (const typeId of links.missing.filter((id) => !sent.has(id))) {
    const name = types.find((type) => type.id === typeId)?.name ?? String(typeId);
    errors.push(fieldError(`documents.${String(typeId)}`, UPLOAD_MESSAGES.missingCompleteness(name)));
  }
  let road: CheckedUpdate['road'] = null;
  const data = parsed.data;
  if (data) {
    if (data.type !== row.type) errors.push(fieldError('type', 'Le type de la demande ne peut pas être modifié.'));
    if (data.isbeneficiaire !== links.isBeneficiaire) {
      errors.push(fieldError('parties.isbeneficiaire', 'La case « Le Bénéficiaire est différent du demandeur » ne peut pas être modifiée.'));
    }
    // Without a new drawing (not required in state 8) the stored footprint and way type stay.
    if (data.theGeom && data.theGeom.geometries.length > 0) {
      const checked = await checkRoad(deps.db, data.theGeom);
      if (checked.ok) road = checked;
      else errors.push(checked.error);
    }
    const operatorError = await checkOperator(deps.db, actor, data.operatorPerimeterId);
    if (operatorError) errors.push(operatorError);
  }
  if (errors.length > 0 || !data) throw validationError(UPDATE_ERROR_PREFIX, errors);
  return { data, files: uploads.files, road };
}

/**
 * `PUT request/{id}` (spec 1 §4.3): the owner (or an admin) completes a request in state 8.
 * Saves applicant, beneficiary, form, addresses and the documents sent (each missing type
 * among them), moves to state 9, clears the missing list, writes history and tells the
 * instructor — in one transaction.
 */
export async function completeRequest(deps: FilingDeps, actor: Actor, key: string, submission: FilingSubmission): Promise<{ id: number; notice: string }> {
  const row = await findVisibleRequest(deps.db, actor, key);
  const completed = authorize(actor, row);
  const links = await loadLinks(deps, row.id);
  const { data, files, road } = await checkUpdate(deps, actor, row, links, submission);

  await withStoredFiles(deps, files, (stored) =>
    deps.db.transaction().execute(async (trx) => {
      await updateParty(trx, links.petitionerId, data.petitioner);
      if (links.beneficiaryId && data.beneficiary) await updateParty(trx, links.beneficiaryId, data.beneficiary);
      const { cerfa14023Id, alignmentId } = await saveForm(trx, links, data);
      const updated = await trx
        .updateTable('request')
        .set({
          ...applicantRequestValues(data),
          ...(road && data.theGeom ? { theGeom: geometryValue(data.theGeom), wayType: road.wayType, inUrban: road.inUrban } : {}),
          operatorPerimeterId: data.operatorPerimeterId ?? null,
          cerfa14023Id,
          alignmentId,
          stateId: completed.request.stateId,
          exState: row.stateId,
          madeDate: todayInFrance(),
          updatedAt: sql`now()`,
        })
        .where('id', '=', row.id)
        .where('stateId', '=', row.stateId)
        .returning('id')
        .executeTakeFirst();
      // Changed meanwhile (an instructor cancelled it…): the check above no longer holds.
      if (!updated) throw new AppError('STATE_CONFLICT', NOT_IN_COMPLETENESS_MESSAGE);
      await replaceAddresses(trx, row.id, data.adresses);
      await insertDocuments(trx, { requestId: row.id, userId: actor.id, files: stored });
      await trx.deleteFrom('requestMissingDocument').where('requestId', '=', row.id).execute();
      await writeHistory(trx, {
        entity: 'request',
        entityId: row.id,
        actor: { id: actor.id, email: actor.email, picture: actor.picture },
        context: 'Complétude de la demande',
        data: { action: 'complete', from: row.stateId, to: completed.request.stateId, documents: stored.map((file) => file.typeDocumentId) },
      });
      await enqueueCompletionMails(
        trx,
        { id: row.id, publicId: row.publicId, type: data.type, ownerUserId: row.ownerUserId, instructeurId: row.instructeurId, address: siteAddressOf(data) },
        { publicUrl: deps.publicUrl },
      );
    }),
  );
  deps.onMailQueued();
  return { id: row.id, notice: completed.notice };
}

