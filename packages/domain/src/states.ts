import { z } from 'zod';

/** Request state ids, as the detail screen uses them (docs/workflow.md "States"). */
export const STATE = {
  CANCELLED: 1,
  WORKS_RECEIVED: 2,
  FILED: 3,
  AWAITING_RECEPTION: 4,
  CLOSED: 5,
  RECEPTION_APPOINTMENT: 6,
  RECEPTION_REQUESTED: 7,
  COMPLETENESS_REQUESTED: 8,
  COMPLETENESS_DONE: 9,
  EXTENDED: 10,
  REORIENTED: 11,
  AWAITING_RECEPTION_RESERVES: 12,
  RECEPTION_REFUSED_TWICE: 13,
  WITHDRAWN: 14,
  ORDER_GENERATION: 999,
} as const;
export type StateId = (typeof STATE)[keyof typeof STATE];

/** The states, their French names (shown) and meaning (docs/workflow.md "States"). */
export const STATES: readonly { id: StateId; name: string; meaning: string }[] = [
  { id: 1, name: 'Annulée', meaning: 'cancelled' },
  {
    id: 2,
    name: 'Travaux réceptionnés',
    meaning: 'works received (reception accepted, or road disturbance recorded)',
  },
  {
    id: 3,
    name: 'Transférée pour instruction',
    meaning: 'filed, awaiting instruction; with sendToSign: in signature',
  },
  {
    id: 4,
    name: 'En attente de réception',
    meaning: 'permission granted, works under way, reception not yet asked',
  },
  {
    id: 5,
    name: 'Clôturée',
    meaning: 'decision signed with no works follow-up (alignment order, or refusal)',
  },
  {
    id: 6,
    name: 'Réception en attente de rendez-vous',
    meaning: 'applicant chose an appointment; instructor proposes dates',
  },
  {
    id: 7,
    name: 'Réception demandée',
    meaning: 'photos sent, or appointment accepted: instructor records the outcome',
  },
  { id: 8, name: 'Transférée en complétude', meaning: 'applicant must complete the file' },
  { id: 9, name: 'Complétude réalisée', meaning: 'applicant completed; back to the instructor' },
  { id: 10, name: 'Prolongée', meaning: 'superseded by its extension request' },
  { id: 11, name: 'Réorientée', meaning: "not the community's competence; forwarded" },
  {
    id: 12,
    name: 'En attente de réception (réserves)',
    meaning: 'first reception refused; works to be fixed',
  },
  { id: 13, name: 'Réception refusée (2e refus)', meaning: 'second refusal; formal notice' },
  {
    id: 14,
    name: 'Retirée',
    meaning: 'withdrawn by its applicant (or an admin for it) before any decision; no longer instructed',
  },
  { id: 999, name: "Génération de l'arrêté en cours", meaning: 'transient during order generation' },
];

export const STATE_IDS: readonly StateId[] = STATES.map((state) => state.id);

export const StateIdSchema = z.literal(STATE_IDS, { error: 'État de demande inconnu' });

/** Shown instead of the state name for state 3 while the order is out for signature. */
export const IN_SIGNATURE_NAME = 'En signature';

/** Tooltip of the signature icon in the list (docs/screens.md "Request list"). */
export const IN_SIGNATURE_TOOLTIP = "Dossier envoyé en signature, en attente du retour de l'arrêté signé";

/** True when the value is a known state id. */
export function isStateId(value: unknown): value is StateId {
  return typeof value === 'number' && (STATE_IDS as readonly number[]).includes(value);
}

/** The French name of a state; 'En signature' for state 3 with sendToSign. */
export function stateName(stateId: StateId, sendToSign = false): string {
  if (stateId === STATE.FILED && sendToSign) return IN_SIGNATURE_NAME;
  return STATES.find((state) => state.id === stateId)?.name ?? 'Inconnu';
}

/** True when the request is at the signatory: state 3 with sendToSign. */
export function isInSignature(request: { stateId: number | null; sendToSign?: boolean | null }): boolean {
  return request.stateId === STATE.FILED && request.sendToSign === true;
}

/** One condition of a list tab: a state, and for state 3 whether it is in signature. */
export interface TabCriterion {
  readonly stateId: StateId;
  /** Only for state 3: true = in signature, false = not in signature. */
  readonly sendToSign?: boolean;
}

/** A status tab of the request list (admin and instructor), docs/workflow.md "List tabs". */
export interface ListTab {
  /** Tab number, 1 to 6, as the list shows them (docs/screens.md "Request list"). */
  readonly id: 1 | 2 | 3 | 4 | 5 | 6;
  readonly key: 'aTraiter' | 'enInstruction' | 'enTravaux' | 'demandeReception' | 'receptionne' | 'archive';
  readonly label: string;
  /** The legend popup text. */
  readonly description: string;
  /** Any criterion matching puts the request in the tab; the API turns them into a WHERE clause. */
  readonly criteria: readonly TabCriterion[];
  /**
   * Whether the list offers cancel on this tab (hidden on En travaux, docs/workflow.md "Who may do
   * what").
   */
  readonly allowsCancel: boolean;
}

export const LIST_TABS: readonly ListTab[] = [
  {
    id: 1,
    key: 'aTraiter',
    label: 'A traiter',
    description: "Demandes déposées ou complétées, en attente d'instruction.",
    criteria: [{ stateId: 3, sendToSign: false }, { stateId: 9 }],
    allowsCancel: true,
  },
  {
    id: 2,
    key: 'enInstruction',
    label: 'En instruction',
    description: "Demandes en complétude, en cours de génération de l'arrêté ou en signature.",
    criteria: [{ stateId: 8 }, { stateId: 999 }, { stateId: 3, sendToSign: true }],
    allowsCancel: true,
  },
  {
    id: 3,
    key: 'enTravaux',
    label: 'En travaux',
    description: 'Permissions accordées : travaux en cours ou à reprendre après une réception refusée.',
    criteria: [{ stateId: 4 }, { stateId: 12 }, { stateId: 13 }],
    allowsCancel: false,
  },
  {
    id: 4,
    key: 'demandeReception',
    label: 'Demande de réception',
    description: 'Réception des travaux demandée, par photos ou sur rendez-vous.',
    criteria: [{ stateId: 6 }, { stateId: 7 }],
    allowsCancel: true,
  },
  {
    id: 5,
    key: 'receptionne',
    label: 'Réceptionné',
    description: 'Travaux réceptionnés.',
    criteria: [{ stateId: 2 }],
    allowsCancel: true,
  },
  {
    id: 6,
    key: 'archive',
    label: 'Archivé',
    description: 'Demandes annulées, retirées, clôturées, prolongées ou réorientées.',
    criteria: [{ stateId: 1 }, { stateId: 14 }, { stateId: 5 }, { stateId: 10 }, { stateId: 11 }],
    allowsCancel: true,
  },
];
export type ListTabId = ListTab['id'];
export type ListTabKey = ListTab['key'];

/** True when a request with this state and signature flag belongs to the tab. */
export function isInListTab(tab: ListTab, stateId: StateId, sendToSign: boolean | null | undefined): boolean {
  return tab.criteria.some(
    (criterion) =>
      criterion.stateId === stateId &&
      (criterion.sendToSign === undefined || criterion.sendToSign === (sendToSign === true)),
  );
}

/** The list tab a request belongs to; every state belongs to exactly one tab. */
export function listTabOf(stateId: StateId, sendToSign: boolean | null | undefined): ListTab {
  const tab = LIST_TABS.find((candidate) => isInListTab(candidate, stateId, sendToSign));
  if (!tab) throw new Error(`State ${String(stateId)} belongs to no list tab`);
  return tab;
}

/** Finds a list tab by its number (1–6) or key. */
export function findListTab(idOrKey: number | string): ListTab | undefined {
  return LIST_TABS.find((tab) => tab.id === idOrKey || tab.key === idOrKey);
}

/** Mail statuses of the mail log (docs/api-requests.md "GET mails/{id}"). */
export const MAIL_STATUSES = [
  'unknown',
  'bounce',
  'hardbounced',
  'softbounced',
  'queued',
  'sent',
  'opened',
  'clicked',
  'spam',
  'unsub',
  'blocked',
  'deferred',
  // Ours, not the provider's: given up after the retry window or a permanent refusal,
  // and not queued because the causing account reached its daily mail cap.
  'failed',
  'refused',
] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MailStatusSchema = z.enum(MAIL_STATUSES);

/** Statuses shown as an error (docs/api-requests.md "GET mails/{id}"). */
export const MAIL_ERROR_STATUSES: readonly MailStatus[] = [
  'unknown',
  'bounce',
  'hardbounced',
  'softbounced',
  'failed',
  'refused',
];

/** Mail status texts (docs/screens.md "Notices and errors", exact). */
export const MAIL_STATUS_TEXTS = {
  error: "Une erreur est survenue lors de l'envoi du mail",
  queued: "Le mail est en attente d'envoi",
  sent: 'Le mail a été délivré',
  opened: 'Le mail a été ouvert',
  clicked: 'Le mail a été cliqué',
  spam: 'Le mail est dans les SPAM',
  unsub: "Le mail n'a pas été envoyé car la personne s'est désinscrite",
  blocked: 'Le mail a été bloqué',
  deferred: 'Le mail est en cours de renvoi',
  failed: "Échec : le mail n'a pas pu être envoyé",
  refused: "Le mail n'a pas été envoyé : limite d'envois du compte atteinte",
  other: 'Inconnu',
} as const;

/** Empty text of the mail history modal (docs/screens.md "Request list"). */
export const NO_MAIL_HISTORY_MESSAGE = "Pas d'historique disponible.";

/** True when the mail status is shown as an error. */
export function isMailErrorStatus(status: string | null | undefined): boolean {
  return (MAIL_ERROR_STATUSES as readonly string[]).includes(status ?? '');
}

/** The French text shown for a mail status; 'Inconnu' for anything not listed. */
export function mailStatusText(status: string | null | undefined): string {
  // Our own error statuses say why; the provider's share the spec's one error text.
  if (status === 'failed' || status === 'refused') return MAIL_STATUS_TEXTS[status];
  if (isMailErrorStatus(status)) return MAIL_STATUS_TEXTS.error;
  switch (status) {
    case 'queued':
    case 'sent':
    case 'opened':
    case 'clicked':
    case 'spam':
    case 'unsub':
    case 'blocked':
    case 'deferred':
      return MAIL_STATUS_TEXTS[status];
    default:
      return MAIL_STATUS_TEXTS.other;
  }
}
