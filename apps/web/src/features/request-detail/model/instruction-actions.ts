import {
  ACT_TEXTS,
  complementaryDocumentTypes,
  firstSectionDocumentTypes,
  isPermissionKind,
  offersTrafficOrder,
  splitList,
  TRANSFER_BACK_REQUIRED_TYPE_IDS,
  type DocumentType,
  type OrderActDocuments,
  type RequestDetail,
  type RequestKind,
  type TrafficOrderSubject,
  type WorkflowAction,
} from '@voirie/domain';
import { CERFA_TYPES, type CerfaType } from '../../cerfa';

// The request page's instruction actions (docs/screens.md, docs/workflow.md "Transitions",
// docs/validation.md "Completeness dialog"; docs/api-instruction.md): which buttons the page shows
// — exactly the actions the server lists in `request.actions` — their texts, and the completeness
// dialog's list of pieces.

export const ACTION_TEXTS = {
  bar: 'Actions sur la demande',
  requestCompleteness: 'Demande de complétude',
  reorient: 'Réorienter',
  saveDecision: 'Décision',
  generateOrder: "Générer l'arrêté",
  /** The generation dialog's submit (docs/screens.md « Request detail »). */
  generate: 'Générer',
  submitForSignature: 'Envoyer en signature',
  signatureReturned: "Déposer l'arrêté signé",
  signatureRefused: 'Refus du signataire',
  cancel: 'Annuler la demande',
  withdraw: 'Retirer la demande',
  complete: 'Compléter la demande',
  // The works phase (docs/api-works.md).
  requestReception: 'Demander la réception',
  proposeAppointments: 'Proposer des rendez-vous',
  chooseAppointment: 'Choisir un rendez-vous',
  recordReception: 'Réception des travaux',
  declareRoadDisturbance: 'Déclarer une perturbation de voirie',
  generateDisturbanceMinutes: 'Générer le PV de perturbation',
  extend: 'Prolonger',
  cancelWorks: 'Annuler les travaux',
  /** The admin's extra tooltip on the edit entry (docs/screens.md "Request detail"). */
  adminEditTooltip: 'Mise à jour du dossier',
  /** The admin's update of a request outside completeness (docs/screens.md "Request detail"). */
  updateRequest: 'Mise à jour du dossier',
  ok: 'OK',
  close: 'Fermer',
  cancelDialog: 'Annuler',
  // The answers of every confirmation of an action.
  yes: 'Oui',
  no: 'Non',
  cancelConfirm: {
    title: 'Annuler la demande',
    question: 'Êtes-vous sûr de vouloir annuler cette demande ?',
    notice: 'Demande annulée',
  },
  // Withdrawal (DELETE request/{id}, docs/api-requests.md "Withdrawal").
  withdrawConfirm: {
    title: 'Retirer la demande',
    question:
      'Êtes-vous sûr de vouloir retirer cette demande ? Le retrait est définitif : elle ne sera plus instruite et le service instructeur en sera informé.',
    notice: 'Demande retirée',
  },
  // Completeness dialog.
  completenessTitle: 'Demande de complétude',
  missingPieces: 'Pièces manquantes',
  comment: 'Commentaire',
  date: 'Date',
  transferBack: 'Transférer au demandeur',
  mandatory: '* obligatoire',
  typesLoadFailed: 'Impossible de charger la liste des pièces.',
  // Reorientation dialog.
  reorientTitle: 'Réorientation',
  reorientTarget: 'Destinataire de la réorientation',
  mailNotConfigured: 'Adresse non configurée',
  targetsLoadFailed: 'Impossible de charger les destinataires.',
  // Signature.
  signedOrderTitle: "Déposer l'arrêté signé",
  signedOrderFile: 'Arrêté signé (PDF)',
  pdfOnly: 'Le fichier doit être un PDF.',
  fileRequired: 'Veuillez choisir un fichier.',
  refusalTitle: 'Refus du signataire',
  refusalReason: 'Motif du refus',
  inSignature: 'En signature',
  signatureRefusedHeading: "Refus de signature de l'arrêté",
  signatureRefusedOn: (date: string) => `Refusé le ${date}`,
  // Order block.
  orderHeading: 'Arrêté',
  downloadDocx: "Télécharger l'arrêté (DOCX)",
  downloadPdf: "Télécharger l'arrêté (PDF)",
  editOrder: "Modifier l'arrêté",
  editOrderTitle: "Modifier l'arrêté",
  editOrderFile: 'Arrêté modifié (DOCX ou PDF)',
  docxOrPdfOnly: 'Le fichier doit être un document DOCX ou PDF.',
  generating: "Génération de l'arrêté en cours",
  // A request of several acts: each act's own buttons and signed file.
  signedOrdersTitle: 'Déposer les arrêtés signés',
  signedActFile: (title: string) => `${title} signé (PDF)`,
  downloadActDocx: (name: string) => `Télécharger ${name} (DOCX)`,
  downloadActPdf: (name: string) => `Télécharger ${name} (PDF)`,
  editAct: (name: string) => `Modifier ${name}`,
  editActFile: (title: string) => `${title} modifié (DOCX ou PDF)`,
} as const;

/** How a button acts: a dialog of this page, a call without input, or a link. */
export type ActionKind = 'dialog' | 'direct' | 'link';

/** What a button is about: the page shows the allowed buttons under these headings, in this order. */
export const ACTION_GROUPS = [
  { id: 'instruction', title: 'Instruction' },
  { id: 'order', title: 'Arrêté' },
  { id: 'works', title: 'Travaux' },
  { id: 'documents', title: 'Documents' },
  { id: 'other', title: 'Autres' },
] as const;
export type ActionGroupId = (typeof ACTION_GROUPS)[number]['id'];

export interface ActionButton {
  action: WorkflowAction;
  label: string;
  kind: ActionKind;
  group: ActionGroupId;
}

/** A button named by its action's text. */
const button = (
  action: WorkflowAction & keyof typeof ACTION_TEXTS,
  kind: ActionKind,
  group: ActionGroupId,
): ActionButton => ({ action, label: ACTION_TEXTS[action], kind, group });

/**
 * The buttons in the bar's order; 'complete' and 'updateRequest' are links to the update wizard.
 * Four offered actions have no button of their own: 'declineAppointments' is answered in the
 * appointment choice dialog, 'generateLetter' in the reception outcome dialog,
 * 'archiveFormalNotice' in the letters block, and 'completeTrafficOrder' (the cerfa 14024) in the
 * decision dialog.
 */
export const ACTION_BUTTONS: readonly ActionButton[] = [
  button('complete', 'link', 'documents'),
  button('updateRequest', 'link', 'other'),
  button('requestCompleteness', 'dialog', 'instruction'),
  button('reorient', 'dialog', 'instruction'),
  button('saveDecision', 'dialog', 'instruction'),
  button('generateOrder', 'dialog', 'order'),
  button('submitForSignature', 'direct', 'order'),
  button('signatureReturned', 'dialog', 'order'),
  button('signatureRefused', 'dialog', 'order'),
  button('requestReception', 'dialog', 'works'),
  button('proposeAppointments', 'dialog', 'works'),
  button('chooseAppointment', 'dialog', 'works'),
  button('recordReception', 'dialog', 'works'),
  button('declareRoadDisturbance', 'dialog', 'works'),
  button('generateDisturbanceMinutes', 'direct', 'documents'),
  button('extend', 'dialog', 'works'),
  button('cancelWorks', 'dialog', 'works'),
  button('cancel', 'dialog', 'other'),
  button('withdraw', 'dialog', 'other'),
];

/**
 * The buttons the server allows now, in the bar's order (the page never re-derives a rule). Both
 * links lead to the same wizard: when completing is allowed, its link is the one shown.
 */
export function visibleActions(actions: readonly string[] | null | undefined): ActionButton[] {
  const allowed = new Set(actions ?? []);
  if (allowed.has('complete')) allowed.delete('updateRequest');
  return ACTION_BUTTONS.filter((button) => allowed.has(button.action));
}

export interface ActionGroup {
  id: ActionGroupId;
  title: string;
  buttons: ActionButton[];
}

/** The allowed buttons under their headings; a heading without any is left out. */
export function groupedActions(actions: readonly string[] | null | undefined): ActionGroup[] {
  const buttons = visibleActions(actions);
  return ACTION_GROUPS.map((group) => ({
    ...group,
    buttons: buttons.filter((button) => button.group === group.id),
  })).filter((group) => group.buttons.length > 0);
}

/** The acts of the request and their latest orders (the API's `order.acts`, instructors only). */
export function orderActs(request: Pick<RequestDetail, 'order'>): readonly OrderActDocuments[] {
  return request.order?.acts ?? [];
}

/** The act's name inside a sentence: « l'arrêté de police de la circulation ». */
export const actName = (act: Pick<OrderActDocuments, 'act'>) => ACT_TEXTS[act.act].name;

/**
 * The signed orders' inputs: one per act, labelled by the act, in the field named by the act;
 * a request of one act keeps the single « Arrêté signé (PDF) » (multipart `file`).
 */
export function signedOrderInputs(request: Pick<RequestDetail, 'order'>): { key: string; label: string }[] {
  const acts = orderActs(request);
  if (acts.length <= 1) return [{ key: 'file', label: ACTION_TEXTS.signedOrderFile }];
  return acts.map((act) => ({ key: act.act, label: ACTION_TEXTS.signedActFile(act.title) }));
}

/** The request has an order file (DOCX or PDF) of any of its acts to download or replace. */
export function hasOrder(request: {
  order?: { docx: unknown; pdf: unknown; acts?: readonly { docx: unknown; pdf: unknown }[] } | null;
}): boolean {
  const acts = request.order?.acts ?? [];
  return (
    Boolean(request.order?.docx ?? request.order?.pdf) || acts.some((act) => Boolean(act.docx ?? act.pdf))
  );
}

/** The categories whose pieces an instructor may ask for (docs/api-filing.md). */
const ASKABLE_CATEGORIES = ['demande', 'complétude'];

export interface CompletenessPiece {
  type: DocumentType;
  /** Required to transfer the request back to the applicant (85, 101): labelled '* obligatoire'. */
  transferRequired: boolean;
}

/**
 * The pieces the completeness dialog lists for a request of this kind: the kind's pieces
 * (the wizard's two sections, with the request's themes), then the completeness answer types;
 * 85 and 101 are always listed, since the transfer back needs them (docs/validation.md
 * "Completeness dialog").
 */
export function completenessPieces(
  types: readonly DocumentType[],
  options: { kind: RequestKind; themes: string | null | undefined },
): CompletenessPiece[] {
  const askable = types.filter((type) => ASKABLE_CATEGORIES.includes(type.categorie ?? ''));
  const ordered = [
    ...firstSectionDocumentTypes(askable, options.kind).map((entry) => entry.type),
    ...complementaryDocumentTypes(askable, { kind: options.kind, themes: splitList(options.themes) }),
    ...askable.filter((type) => type.categorie === 'complétude'),
    ...types.filter((type) => TRANSFER_BACK_REQUIRED_TYPE_IDS.includes(type.id)),
  ];
  const seen = new Set<number>();
  const pieces: CompletenessPiece[] = [];
  for (const type of ordered) {
    if (seen.has(type.id)) continue;
    seen.add(type.id);
    pieces.push({ type, transferRequired: TRANSFER_BACK_REQUIRED_TYPE_IDS.includes(type.id) });
  }
  return pieces;
}

/** The transfer back needs 85 and 101 both checked (docs/validation.md "Completeness dialog"). */
export function canTransferBack(missing: readonly number[]): boolean {
  return TRANSFER_BACK_REQUIRED_TYPE_IDS.every((id) => missing.includes(id));
}

/** Today as 'YYYY-MM-DD', in the user's time zone (the completeness dialog's default date). */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A PDF, by its type or its name (browsers may leave the type empty). */
export function isPdfFile(file: File): boolean {
  return file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name));
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A DOCX or a PDF: the edited order (PUT request/{id}/order). */
export function isDocxOrPdfFile(file: File): boolean {
  return isPdfFile(file) || file.type === DOCX_MIME || (!file.type && /\.docx$/i.test(file.name));
}

/**
 * The printable forms of a request: a road permission (kinds 1 and 3) has its 14023, and its
 * 14024 when the works touch the carriageway (the domain's rule); an alignment has none.
 */
export function printableCerfaTypes(request: TrafficOrderSubject): readonly CerfaType[] {
  if (!isPermissionKind(request.type)) return [];
  return offersTrafficOrder(request) ? CERFA_TYPES : ['14023'];
}
