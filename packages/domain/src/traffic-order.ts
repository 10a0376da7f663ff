import { DOCUMENT_TYPE } from './documents.ts';
import { isPermissionKind } from './kinds.ts';
import { splitList, WORK_TYPE_ALIASES } from './lists.ts';
import type { Cerfa14023 } from './schemas/cerfa-14023.ts';
import type { Cerfa14024 } from './schemas/cerfa-14024.ts';
import type { Request } from './schemas/request.ts';
import { valueLabel } from './value-labels.ts';

// When a road permission also needs a traffic-police order (CERFA 14024*01, « à joindre à la
// demande de permission de voirie lorsque le chantier impacte la circulation »): the works take
// part of the carriageway. The request page offers the 14024 only then; the API serves it only
// then; it is filled from the request.

/** What the rule reads of a request. */
export type TrafficOrderSubject = Pick<Request, 'type'> &
  Partial<Pick<Request, 'wayType' | 'project' | 'numberDays' | 'dateStart' | 'documents'>> & {
    cerfa1402301?: Partial<Cerfa14023> | null;
    /** The request's own 14024, when one was entered. */
    cerfa14024?: Partial<Cerfa14024> | null;
  };

/** Road segments without a carriageway open to motor traffic (a greenway, Code de la route R110-2). */
const WAY_TYPES_WITHOUT_CARRIAGEWAY: readonly string[] = ['Voie Verte'];

/** Theme whose deposit or parking (skip, crane, scaffolding) takes road space. */
const ROAD_OCCUPYING_THEME = 'depot_stationnement';

const positive = (value: number | null | undefined) => typeof value === 'number' && value > 0;

/**
 * True when the works form puts the site on the carriageway: a trench under the roadway
 * (longitudinal or transverse), a roadway trench prescribed by the decision, or a deposit /
 * parking on the road. A driving (fonçage) passes under the road without opening it: not enough.
 */
export function isWorkOnCarriageway(form: Partial<Cerfa14023> | null | undefined): boolean {
  if (!form) return false;
  return (
    positive(form.longitudinalTrenchUnderRoad) ||
    positive(form.transverseTrenchUnderRoad) ||
    Boolean(form.decisionRoadwayTrench) ||
    Boolean(form.decisionRoadwayTrenchRecommended) ||
    splitList(form.themes).includes(ROAD_OCCUPYING_THEME)
  );
}

/**
 * True when the request offers the traffic-police order (cerfa 14024): a road permission (kinds
 * 1 and 3) whose works touch the carriageway of a road open to traffic — or one that already
 * holds its 14024.
 */
export function offersTrafficOrder(request: TrafficOrderSubject): boolean {
  if (!isPermissionKind(request.type)) return false;
  if (request.cerfa14024) return true;
  if (WAY_TYPES_WITHOUT_CARRIAGEWAY.includes(request.wayType ?? '')) return false;
  return isWorkOnCarriageway(request.cerfa1402301);
}

/** Why a 14024 is refused for a request that does not offer it. */
export const TRAFFIC_ORDER_NOT_OFFERED =
  "Le cerfa 14024 (demande d'arrêté de police de la circulation) ne concerne que les travaux sur la chaussée : cette demande n'en comporte pas.";

/** The works as the 14024 describes them: the project, else the themes and nature of the 14023. */
function worksDescription(request: TrafficOrderSubject): string | null {
  if (request.project?.trim()) return request.project.trim();
  const form = request.cerfa1402301;
  const natureWork = form?.natureWork ? (WORK_TYPE_ALIASES[form.natureWork] ?? form.natureWork) : null;
  const nature = form?.natureWorkOther?.trim() || valueLabel('natureWork', natureWork);
  const text = [valueLabel('themes', form?.themes), nature].filter(Boolean).join(' – ');
  return text || null;
}

const hasDocument = (request: TrafficOrderSubject, typeDocumentId: number) =>
  (request.documents ?? []).some((document) => document.typeDocumentId === typeDocumentId);

/**
 * The 14024 filled from the request: what it says of the works (description, dates, duration,
 * encroachment on the carriageway, the plans attached), under what its own 14024 holds.
 */
export function trafficOrderForm(request: TrafficOrderSubject): Partial<Cerfa14024> {
  const derived: Partial<Cerfa14024> = {
    workDescription: worksDescription(request),
    durationRegulation: request.numberDays ?? null,
    dateRegulation: request.dateStart ?? null,
    encroachmentRoadway: isWorkOnCarriageway(request.cerfa1402301) || null,
    attachedSituationPlan: hasDocument(request, DOCUMENT_TYPE.SITUATION_PLAN) || null,
    attachedWorksPlan: hasDocument(request, DOCUMENT_TYPE.WORKS_PLAN) || null,
  };
  const stored = Object.fromEntries(
    Object.entries(request.cerfa14024 ?? {}).filter(([, value]) => value !== null && value !== undefined),
  );
  return { ...derived, ...stored };
}
