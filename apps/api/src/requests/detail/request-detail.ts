import { sql, type Kysely } from 'kysely';
import {
  isAlignmentKind,
  can,
  canDeleteDocument,
  canUser,
  isDocumentListed,
  type GeometryCollection,
  type RequestDetail,
  type RequestKind,
  type StateId,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { workflowRequestOf } from '../../policies/request-policy.ts';
import { parisToday } from '../french-date.ts';
import { findVisibleRequest } from '../list-service.ts';
import { presentRequest } from '../present-request.ts';
import type { Viewer } from '../../policies/visibility.ts';
import { loadDocuments, presentCerfa, presentCerfa14024, presentParty } from './detail-parts.ts';
import { isUnsentLetter } from '../documents/document-service.ts';
import { loadAlignmentStreets, loadInstructionFields, loadReception } from './detail-instruction.ts';
import { loadLinkedRequests, presentLetters, presentReceptionDocuments } from './detail-works.ts';
import { loadDetailClock } from './detail-clock.ts';
import { loadDetailPeople } from './detail-place.ts';
import { presentFormalNoticeAct } from '../works/formal-notice-facts.ts';

async function loadRow(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('request')
    .selectAll()
    .select([
      sql<string | null>`ST_AsGeoJSON(the_geom)`.as('geometry'),
      sql<string | null>`to_char(made_date, 'YYYY-MM-DD')`.as('madeDay'),
      sql<string | null>`to_char(completeness_date, 'YYYY-MM-DD')`.as('completenessDay'),
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * The request a viewer may see, whole: parties, form, secondary addresses, footprint, missing
 * and attached documents (the detail screen's documents rule applied), 404 otherwise.
 */
export async function loadRequestDetail(
  db: Kysely<Database>,
  viewer: Viewer,
  key: string,
): Promise<RequestDetail> {
  const listed = await findVisibleRequest(db, viewer, key);
  const row = await loadRow(db, listed.id);
  const party = (id: number | null) =>
    id === null
      ? Promise.resolve(undefined)
      : db.selectFrom('petitioner').selectAll().where('id', '=', id).executeTakeFirst();
  const [petitioner, beneficiary, cerfa, alignment, adresses, missing, documents, operator] =
    await Promise.all([
      party(row.petitionerId),
      party(row.beneficiaryId),
      row.cerfa14023Id === null
        ? undefined
        : db.selectFrom('cerfa14023').selectAll().where('id', '=', row.cerfa14023Id).executeTakeFirst(),
      row.alignmentId === null
        ? undefined
        : db
            .selectFrom('individualAlignmentRequest')
            .selectAll()
            .select(sql<string | null>`to_char(date_request, 'YYYY-MM-DD')`.as('dateRequestDay'))
            .where('id', '=', row.alignmentId)
            .executeTakeFirst(),
      db
        .selectFrom('requestAddress')
        .selectAll()
        .where('requestId', '=', row.id)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('requestMissingDocument as m')
        .innerJoin('typeDocument as t', 't.id', 'm.typeDocumentId')
        .select(['m.typeDocumentId', 't.name'])
        .where('m.requestId', '=', row.id)
        .orderBy('m.typeDocumentId')
        .execute(),
      loadDocuments(db, row.id),
      row.operatorPerimeterId === null
        ? undefined
        : db
            .selectFrom('perimeter')
            .select(['id', 'libelle'])
            .where('id', '=', row.operatorPerimeterId)
            .executeTakeFirst(),
    ]);
  const today = parisToday();
  const [instruction, rues, cerfa14024, reception, linkedRequests, people, clock, formalNoticeAct] =
    await Promise.all([
      loadInstructionFields(db, viewer, listed, documents),
      row.alignmentId === null ? [] : loadAlignmentStreets(db, row.alignmentId),
      row.cerfa14024Id === null
        ? undefined
        : db.selectFrom('cerfa14024').selectAll().where('id', '=', row.cerfa14024Id).executeTakeFirst(),
      loadReception(db, row.id),
      loadLinkedRequests(db, { id: row.id, extensionOfId: row.extensionOfId }),
      loadDetailPeople(db, viewer, { ...row, documents }),
      loadDetailClock(db, row, today),
      presentFormalNoticeAct(db, viewer, { id: row.id, stateId: row.stateId }),
    ]);
  const presented = presentRequest(listed, { viewer, today });
  const stateId = row.stateId as StateId;
  const presentAlignment = ({
    dateRequestDay,
    createdAt: _c,
    updatedAt: _u,
    dateRequest: _d,
    ...fields
  }: NonNullable<typeof alignment>) => ({ ...fields, dateRequest: dateRequestDay, rues });
  return {
    ...presented,
    type: row.type as RequestKind,
    stateId,
    state: { id: stateId, name: presented.state.name },
    abilities: { ...presented.abilities, complete: can(viewer, 'complete', workflowRequestOf(listed)).ok },
    stdUserId: row.ownerUserId,
    petitionerId: row.petitionerId,
    beneficiaryId: row.beneficiaryId,
    isbeneficiaire: row.isBeneficiaire,
    cerfa1402301Id: row.cerfa14023Id,
    alignementId: row.alignmentId,
    petitioner: petitioner ? presentParty(petitioner) : null,
    beneficiary: beneficiary ? presentParty(beneficiary) : null,
    cerfa1402301: cerfa ? presentCerfa(cerfa) : null,
    individualAlignmentRequest: alignment ? presentAlignment(alignment) : null,
    cerfa14024: cerfa14024 ? presentCerfa14024(cerfa14024) : null,
    reception,
    letters: presentLetters(viewer, documents),
    formalNoticeAct,
    linkedRequests,
    // The staff's (docs/workflow.md "Who may do what"): others, the applicant included, read none.
    receptionDocuments: canUser(viewer, 'seeReceptionDocuments') ? presentReceptionDocuments(documents) : [],
    isAccessDevelopment: cerfa?.isAccessDevelopment ?? false,
    addressExt: row.addressExt,
    addressPostalCode: row.addressPostalCode,
    place: row.place,
    adresses: adresses.map(({ requestId: _r, position: _p, ...address }) => address),
    theGeom: row.geometry ? (JSON.parse(row.geometry) as GeometryCollection) : null,
    lon: row.lon,
    lat: row.lat,
    plotNumbers: row.plotNumbers,
    sections: row.sections,
    wayType: row.wayType,
    wayNum: row.wayNum,
    inUrban: row.inUrban,
    extraUrban: row.extraUrban,
    intraUrban: row.intraUrban,
    urbanDocument: row.urbanDocument,
    operationCode: row.operationCode,
    operatorPerimeterId: row.operatorPerimeterId,
    operator: operator ?? null,
    project: row.project,
    reference: row.reference,
    numberDays: row.numberDays,
    completenessDate: row.completenessDay,
    accuracyInformation: row.accuracyInformation,
    madeIn: row.madeIn,
    madeDate: row.madeDay,
    madeLastName: row.madeLastName,
    madeFirstName: row.madeFirstName,
    madeFonction: row.madeFonction,
    milestoneStart1: row.milestoneStart1,
    milestoneStart2: row.milestoneStart2,
    milestoneEnd1: row.milestoneEnd1,
    milestoneEnd2: row.milestoneEnd2,
    noMail: row.noMail,
    doAnnexe: row.doAnnexe,
    comment: row.comment,
    commentDecision: row.commentDecision,
    reorientationMail: row.reorientationMail,
    extensionid: row.extensionOfId,
    missingDocuments: missing.map((m) => m.typeDocumentId),
    missingDocumentTypes: missing.map((m) => ({ id: m.typeDocumentId, name: m.name })),
    ...people.place,
    documents: people
      .withUploaders(documents)
      .filter(
        (document) =>
          isDocumentListed({ typeDocumentId: document.typeDocumentId, stateId, viewer }) &&
          (canUser(viewer, 'instructRequests') || !isUnsentLetter(document)),
      )
      .map((document) => ({
        ...document,
        canDelete: canDeleteDocument(viewer, document, {
          stateId,
          sendToSign: row.sendToSign,
          isFavorable: isAlignmentKind(row.type) ? alignment?.isFavorable : cerfa?.isFavorable,
        }).ok,
      })),
    // Hidden from viewers who do not instruct, as in the list (present-request.ts).
    sendToSign: presented.sendToSign,
    ...clock,
    ...instruction,
  };
}
