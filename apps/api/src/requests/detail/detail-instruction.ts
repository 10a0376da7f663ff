import { sql, type Kysely } from 'kysely';
import { canUser, requestActs, type ActKind, type Act, type WorkflowAction } from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import type { RequestListRow } from '../list-query.ts';
import type { Viewer } from '../../policies/visibility.ts';
import { offeredActions } from '../workflow/action-routes.ts';
import { loadWorkflowRequest } from '../workflow/transition.ts';
import type { PresentedDocument } from './detail-parts.ts';
import { latestVersion } from './detail-works.ts';

/** One act and its latest order as DOCX and as PDF. */
interface OrderActDocuments {
  act: ActKind;
  title: string;
  docx: PresentedDocument | null;
  pdf: PresentedDocument | null;
}

/** The request's own act's latest order, and every act's. */
export interface OrderDocuments {
  docx: PresentedDocument | null;
  pdf: PresentedDocument | null;
  acts: OrderActDocuments[];
}

/** The latest orders of the request's acts, or null while none was generated. */
function orderDocumentsOf(
  documents: readonly PresentedDocument[],
  acts: readonly Act[],
): OrderDocuments | null {
  const perAct = acts.map((act) => ({
    act: act.kind,
    title: act.title,
    docx: null,
    pdf: null,
    ...latestVersion(documents, act.orderTypeId),
  }));
  const own = perAct[0];
  if (!own || perAct.every((act) => !act.docx && !act.pdf)) return null;
  return { docx: own.docx, pdf: own.pdf, acts: perAct };
}

/** What the detail screen needs to instruct: the allowed actions, the order, the signature. */
export interface InstructionFields {
  /** The workflow actions this viewer may perform now, each with its route (the page shows exactly these). */
  actions: WorkflowAction[];
  mailArreteSignes: { mail: string; name: string | null }[];
  /** Instructors and admins only: the latest generated or edited orders of the request's acts. */
  order?: OrderDocuments | null;
  /** Instructors and admins only: the signatory's last refusal. */
  signatureRefusal?: string | null;
  signatureRefusedAt?: string | null;
}

/** The instruction fields of a request, for this viewer (documents: all of the request's). */
export async function loadInstructionFields(
  db: Kysely<Database>,
  viewer: Viewer,
  listed: RequestListRow,
  documents: readonly PresentedDocument[],
): Promise<InstructionFields> {
  const [workflow, recipients, signature] = await Promise.all([
    loadWorkflowRequest(db, listed),
    db
      .selectFrom('mailArreteSigne')
      .select(['mail', 'name'])
      .where('requestId', '=', listed.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('request')
      .select(['signatureRefusal', 'signatureRefusedAt'])
      .where('id', '=', listed.id)
      .executeTakeFirstOrThrow(),
  ]);
  const fields: InstructionFields = {
    actions: offeredActions(viewer, workflow),
    mailArreteSignes: recipients,
  };
  if (!canUser(viewer, 'instructRequests')) return fields;
  return {
    ...fields,
    order: orderDocumentsOf(documents, requestActs(workflow)),
    signatureRefusal: signature.signatureRefusal,
    signatureRefusedAt: signature.signatureRefusedAt
      ? new Date(signature.signatureRefusedAt).toISOString()
      : null,
  };
}

/**
 * An alignment's streets with their points (`rues`), in the order entered: the one loader of the
 * detail screen and of the orders, so both list them alike.
 */
export async function loadAlignmentStreets(db: Kysely<Database>, alignmentId: number) {
  const streets = await db
    .selectFrom('alignmentStreet')
    .select(['id', 'name', 'competence'])
    .where('alignmentId', '=', alignmentId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (streets.length === 0) return [];
  const points = await db
    .selectFrom('alignmentPoint')
    .select(['streetId', 'name', 'type', 'distance'])
    .where(
      'streetId',
      'in',
      streets.map((street) => street.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return streets.map((street) => ({
    name: street.name,
    competence: street.competence,
    points: points.filter((point) => point.streetId === street.id).map(({ streetId: _s, ...point }) => point),
  }));
}

/**
 * The request's current reception (its latest) — or the one of `receptionId` — dates as ISO
 * strings; null when none.
 */
export async function loadReception(db: Kysely<Database>, requestId: number, receptionId?: number) {
  const reception = await db
    .selectFrom('reception')
    .selectAll('reception')
    .select(sql<string | null>`to_char(date_visite, 'YYYY-MM-DD')`.as('visitDay'))
    .select((eb) =>
      eb
        .selectFrom('stdUser as w')
        .select(sql<string>`trim(concat_ws(' ', w.first_name, w.last_name))`.as('name'))
        .whereRef('w.id', '=', 'reception.witnessUserId')
        .as('witnessName'),
    )
    .select((eb) =>
      eb
        .selectFrom('actRegister as fa')
        .select('fa.number')
        .whereRef('fa.id', '=', 'reception.formalNoticeActId')
        .as('formalNoticeAct'),
    )
    .where('requestId', '=', requestId)
    .$if(receptionId !== undefined, (query) => query.where('reception.id', '=', receptionId!))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!reception) return null;
  const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
  const { visitDay, createdAt: _c, updatedAt: _u, formalNoticeActId: _f, ...fields } = reception;
  return {
    ...fields,
    dateVisite: visitDay,
    rdv1: iso(reception.rdv1),
    rdv2: iso(reception.rdv2),
    rdv3: iso(reception.rdv3),
    disturbanceAt: iso(reception.disturbanceAt),
  };
}
