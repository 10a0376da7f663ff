import { DOCUMENT_TYPE, ORDER_DOCUMENT_TYPE_IDS } from './documents.ts';
import { isPermissionKind, type RequestKind } from './kinds.ts';

// The acts (arrêtés) one request carries (docs/api-instruction.md « Acts »): an
// alignment request its alignment order; a road permission its permission order, plus the
// alignment order when an alignment was asked with it, plus the traffic-police order (arrêté de
// police de la circulation) when it holds a cerfa 14024 and the permission is granted. Each act is
// generated from its own template, stored under its own document types and file names, signed
// and mailed with the others.

export const ACT_KINDS = ['permission', 'alignment', 'traffic'] as const;
export type ActKind = (typeof ACT_KINDS)[number];

/** The template kind (`modele.kind`) of the traffic order: its id is an administrator's, never assumed. */
export const TRAFFIC_ORDER_MODELE_KIND = 'arrete_circulation';

/** Where an act's template is found: a seeded order (modele 1–5), or the traffic order's kind. */
export type ActTemplate = { modeleId: 1 | 2 | 3 | 4 | 5 } | { modeleKind: typeof TRAFFIC_ORDER_MODELE_KIND };

/** One act of a request. */
export interface Act {
  readonly kind: ActKind;
  /** The request's own act (its permission, or the alignment of kind 2): types 93 and 21. */
  readonly principal: boolean;
  /** 'Arrêté de permission de voirie' — a heading, a button's subject. */
  readonly title: string;
  /** "l'arrêté de permission de voirie" — inside a sentence. */
  readonly name: string;
  /** The generated order's document type (DOCX and PDF). */
  readonly orderTypeId: number;
  /** The types that count as its order: the request's own act also takes the spec's 20. */
  readonly orderTypeIds: readonly number[];
  /** The signed order's document type (PDF). */
  readonly signedTypeId: number;
  /** Its files: `{fileStem}-{id}.docx|pdf`, signed `{fileStem}-signe-{id}.pdf`. */
  readonly fileStem: string;
  /** The multipart field of its signed PDF (`POST request/{id}/signature/signed`). */
  readonly field: ActKind;
}

/** How each act is named: a heading, and inside a sentence. */
export const ACT_TEXTS: Readonly<Record<ActKind, { title: string; name: string }>> = {
  permission: { title: 'Arrêté de permission de voirie', name: "l'arrêté de permission de voirie" },
  alignment: { title: "Arrêté d'alignement individuel", name: "l'arrêté d'alignement individuel" },
  traffic: {
    title: 'Arrêté de police de la circulation',
    name: "l'arrêté de police de la circulation",
  },
};

/** Types and files of an act that is not the request's own (ids: documents.ts). */
const SECONDARY: Readonly<
  Record<
    Exclude<ActKind, 'permission'>,
    Pick<Act, 'orderTypeId' | 'orderTypeIds' | 'signedTypeId' | 'fileStem'>
  >
> = {
  alignment: {
    orderTypeId: DOCUMENT_TYPE.ALIGNMENT_ORDER,
    orderTypeIds: [DOCUMENT_TYPE.ALIGNMENT_ORDER],
    signedTypeId: DOCUMENT_TYPE.SIGNED_ALIGNMENT_ORDER,
    fileStem: 'arrete-alignement',
  },
  traffic: {
    orderTypeId: DOCUMENT_TYPE.TRAFFIC_ORDER,
    orderTypeIds: [DOCUMENT_TYPE.TRAFFIC_ORDER],
    signedTypeId: DOCUMENT_TYPE.SIGNED_TRAFFIC_ORDER,
    fileStem: 'arrete-circulation',
  },
};

function act(kind: ActKind, principal: boolean): Act {
  const files =
    principal || kind === 'permission'
      ? {
          orderTypeId: DOCUMENT_TYPE.ORDER,
          orderTypeIds: ORDER_DOCUMENT_TYPE_IDS,
          signedTypeId: DOCUMENT_TYPE.SIGNED_DECISION_ORDER,
          fileStem: 'arrete',
        }
      : SECONDARY[kind];
  return { kind, principal, ...ACT_TEXTS[kind], ...files, field: kind };
}

/**
 * Every document type an act is stored under: each kind's generated order and signed PDF, as the
 * request's own act and beside a permission (20, 21, 93, 1021, 1093, 2021, 2093). The one list
 * of the act types: an act is never deleted (works.ts) — a signed one is the
 * authority's decision, and the traffic order's is published.
 */
export const ACT_DOCUMENT_TYPE_IDS: readonly number[] = [
  ...new Set(
    ACT_KINDS.flatMap((kind) => [act(kind, true), act(kind, false)]).flatMap((each) => [
      ...each.orderTypeIds,
      each.signedTypeId,
    ]),
  ),
];

/** What the acts of a request depend on (a WorkflowRequest holds it). */
export interface ActsSubject {
  readonly type: RequestKind;
  /** A permission combined with an alignment request (`request.alignment_id`). */
  readonly hasAlignment?: boolean;
  /** The request holds a cerfa 14024 (`request.cerfa14024_id`). */
  readonly hasTrafficOrder?: boolean;
  /** The decision of the request's own act: the permission's, or the alignment's for kind 2. */
  readonly isFavorable?: boolean | null;
}

/**
 * The acts of a request, its own first: kind 2 → its alignment order; kinds 1 and 3 → the
 * permission order, the alignment order when an alignment was asked with it, and the traffic
 * order when it holds a cerfa 14024 and the permission is granted (a refused permission allows
 * no works, so no traffic to regulate).
 */
export function requestActs(subject: ActsSubject): Act[] {
  if (!isPermissionKind(subject.type)) return [act('alignment', true)];
  const acts = [act('permission', true)];
  if (subject.hasAlignment === true) acts.push(act('alignment', false));
  if (subject.hasTrafficOrder === true && subject.isFavorable === true) acts.push(act('traffic', false));
  return acts;
}

/** The act of this kind among the request's, or undefined. */
export function findAct(subject: ActsSubject, kind: string): Act | undefined {
  return requestActs(subject).find((candidate) => candidate.kind === kind);
}

/** The request's acts whose generated order is not attached (`documentTypeIds`). */
export function actsWithoutOrder(subject: ActsSubject, documentTypeIds: readonly number[]): Act[] {
  return requestActs(subject).filter(
    (candidate) => !candidate.orderTypeIds.some((id) => documentTypeIds.includes(id)),
  );
}

/** The order template (modele 1–5) of a request kind and decision (migration 0002). */
export function orderModeleId(kind: number, isFavorable: boolean): 1 | 2 | 3 | 4 | 5 {
  if (kind === 2) return isFavorable ? 2 : 5;
  if (!isFavorable) return 4;
  return kind === 3 ? 3 : 1;
}

/**
 * The template of an act: the permission's by its kind and decision (1, 3 or 4), the alignment's
 * by its own decision (2 or 5), the traffic order's by its template kind.
 */
export function actTemplate(
  kind: ActKind,
  decisions: { type: RequestKind; isFavorable: boolean; alignmentIsFavorable?: boolean | null },
): ActTemplate {
  if (kind === 'traffic') return { modeleKind: TRAFFIC_ORDER_MODELE_KIND };
  if (kind === 'alignment' && decisions.type !== 2)
    return { modeleId: orderModeleId(2, decisions.alignmentIsFavorable === true) };
  return { modeleId: orderModeleId(decisions.type, decisions.isFavorable) };
}

/** The file name of an act's generated order or signed PDF. */
export function actFileName(
  subject: Pick<Act, 'fileStem'>,
  requestId: number,
  file: 'docx' | 'pdf' | 'signed',
): string {
  return file === 'signed'
    ? `${subject.fileStem}-signe-${String(requestId)}.pdf`
    : `${subject.fileStem}-${String(requestId)}.${file}`;
}

export const ACT_MESSAGES = {
  /** A signed PDF is missing from the upload. */
  signedMissing: (subject: Pick<Act, 'name'>) => `Veuillez joindre ${subject.name} signé (un fichier PDF).`,
  /** A file part names no act of the request. */
  unknownField: (field: string) => `Le fichier « ${field} » ne correspond à aucun arrêté de cette demande.`,
  /** Two files for the same act. */
  duplicateField: (subject: Pick<Act, 'name'>) => `Un seul fichier est attendu pour ${subject.name} signé.`,
  /** The act's order was not generated (e.g. the permission became favourable since). */
  notGenerated: (subject: Pick<Act, 'name'>) =>
    `${subject.name.charAt(0).toUpperCase()}${subject.name.slice(1)} n'a pas été généré : veuillez générer les arrêtés.`,
  /** `PUT request/{id}/order?act=` names an act the request does not have. */
  noSuchAct: "Cette demande n'a pas d'arrêté de ce type.",
} as const;
