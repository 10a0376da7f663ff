import { ACT_MESSAGES, actsWithoutOrder } from './acts.ts';
import { UPLOAD_MESSAGES, hasOrderDocument } from './documents.ts';
import { isPermissionKind } from './kinds.ts';
import type { RequestKind } from './kinds.ts';
import { STATE_IDS, isInSignature } from './states.ts';
import type { StateId } from './states.ts';

// The transition table of docs/workflow.md "Transitions", as data. Every (state, action, role) triple is
// tested in workflow.test.ts against a hand-written expectation.

/** The workflow actions. */
export const WORKFLOW_ACTIONS = [
  'file',
  'cancel',
  'withdraw',
  'cancelWorks',
  'requestCompleteness',
  'complete',
  'updateRequest',
  'reorient',
  'saveDecision',
  'generateOrder',
  'orderGenerated',
  'orderGenerationFailed',
  'submitForSignature',
  'signatureReturned',
  'signatureRefused',
  'requestReception',
  'proposeAppointments',
  'chooseAppointment',
  'declineAppointments',
  'recordReception',
  'declareRoadDisturbance',
  'generateLetter',
  'generateDisturbanceMinutes',
  'archiveFormalNotice',
  'extend',
  'completeTrafficOrder',
] as const;
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];

/** Actions the system performs after a merge; the UI never offers them. */
export const SYSTEM_ACTIONS: readonly WorkflowAction[] = ['orderGenerated', 'orderGenerationFailed'];

/**
 * The actor's relation to the request: 'applicant' is the request's owner (for `file`, anyone
 * who may create requests; where a row allows it, also the beneficiary's account);
 * 'instructor' holds ROLE_INSTRUCTEUR; 'admin' holds ROLE_ADMIN.
 */
export type ActorRole = 'applicant' | 'instructor' | 'admin';

/** What the workflow reads of a request. */
export interface WorkflowRequest {
  /** null: not filed yet (the `file` action). */
  readonly stateId: StateId | null;
  readonly type: RequestKind;
  readonly sendToSign: boolean;
  /** The account that filed the request. */
  readonly ownerId: number | null;
  /** The account of the beneficiary, when it has one. */
  readonly beneficiaryUserId?: number | null;
  /** True when a permission is combined with an alignment request. */
  readonly hasAlignment?: boolean;
  /** True when the request holds a cerfa 14024 (a traffic-police order is asked). */
  readonly hasTrafficOrder?: boolean;
  /** The decision (isFavorable of the cerfa or the alignment); read when the signature returns. */
  readonly isFavorable?: boolean | null;
  /** The reception's proposed appointments (rdv1, rdv2, rdv3). */
  readonly appointments?: readonly (string | null)[];
  /** Type ids of the documents attached to the request. */
  readonly documentTypeIds?: readonly number[];
  /** The reception was flagged by a road-disturbance report. */
  readonly roadDisturbance?: boolean;
}

/** A named pure predicate on the request, with the French message shown when it fails. */
export interface Guard {
  readonly name: string;
  readonly test: (request: WorkflowRequest) => boolean;
  readonly message: string;
  /** The message when it depends on why the test failed. */
  readonly messageFor?: (request: WorkflowRequest) => string;
}

/** Where a transition leads: a state, the same state, or a state per outcome of the input. */
export type Target = StateId | 'unchanged' | Readonly<Record<string, StateId>>;

/** One row of the transition table. */
export interface Transition {
  readonly action: WorkflowAction;
  readonly from: readonly (StateId | null)[];
  readonly to: Target;
  readonly roles: readonly ActorRole[];
  /** The row does not apply when the actor also holds one of these roles. */
  readonly unlessRoles?: readonly ActorRole[];
  /** The beneficiary's account may act as the applicant. */
  readonly beneficiaryActs?: boolean;
  readonly guard?: Guard;
}

const isPermission = (request: WorkflowRequest) => isPermissionKind(request.type);

/** Why the cerfa 14024 cannot be completed: the request holds none. */
export const TRAFFIC_ORDER_ABSENT =
  "Cette demande ne comporte pas de demande d'arrêté de police de la circulation (cerfa 14024).";

/** Why a request cannot be withdrawn: it is decided (in signature, signed), received or ended. */
export const WITHDRAW_REFUSED = "Seule une demande qui n'est pas encore décidée peut être retirée.";

/** The guards of the table. */
export const GUARDS = {
  notInSignature: {
    name: 'notInSignature',
    test: (request) => !isInSignature(request),
    message: "Cette action n'est pas possible pendant que l'arrêté est en signature.",
  },
  readyForSignature: {
    name: 'readyForSignature',
    // Every act of the request goes to signature together (acts.ts): each needs its order.
    test: (request) =>
      !isInSignature(request) && actsWithoutOrder(request, request.documentTypeIds ?? []).length === 0,
    message: UPLOAD_MESSAGES.noOrder,
    messageFor: (request) => {
      if (isInSignature(request))
        return "Cette action n'est pas possible pendant que l'arrêté est en signature.";
      const missing = actsWithoutOrder(request, request.documentTypeIds ?? [])[0];
      return missing && hasOrderDocument(request.documentTypeIds ?? [])
        ? ACT_MESSAGES.notGenerated(missing)
        : UPLOAD_MESSAGES.noOrder;
    },
  },
  trafficOrderEditable: {
    name: 'trafficOrderEditable',
    test: (request) => !isInSignature(request) && request.hasTrafficOrder === true,
    message: TRAFFIC_ORDER_ABSENT,
    messageFor: (request) =>
      isInSignature(request)
        ? "Cette action n'est pas possible pendant que l'arrêté est en signature."
        : TRAFFIC_ORDER_ABSENT,
  },
  withdrawable: {
    name: 'withdrawable',
    // In signature, the decision is taken: only the signatory's refusal reopens it.
    test: (request) => !isInSignature(request),
    message: WITHDRAW_REFUSED,
  },
  inSignature: {
    name: 'inSignature',
    test: (request) => isInSignature(request),
    message: "Cette demande n'est pas en attente de signature.",
  },
  isPermission: {
    name: 'isPermission',
    test: isPermission,
    message: 'Cette action ne concerne que les permissions de voirie.',
  },
  extendable: {
    name: 'extendable',
    test: (request) => isPermission(request) && request.hasAlignment !== true,
    message: "Seule une permission de voirie sans demande d'alignement peut être prolongée.",
  },
  favourablePermissionSigned: {
    name: 'favourablePermissionSigned',
    test: (request) => isInSignature(request) && isPermission(request) && request.isFavorable === true,
    message: "Cette demande n'est pas une permission favorable en attente de signature.",
  },
  otherDecisionSigned: {
    name: 'otherDecisionSigned',
    test: (request) => isInSignature(request) && !(isPermission(request) && request.isFavorable === true),
    message: "Cette demande n'est pas en attente de signature.",
  },
  roadDisturbanceDeclared: {
    name: 'roadDisturbanceDeclared',
    test: (request) => isPermission(request) && request.roadDisturbance === true,
    message: "Aucune perturbation de voirie n'a été déclarée pour cette demande.",
  },
  hasFormalNotice: {
    name: 'hasFormalNotice',
    test: (request) => (request.documentTypeIds ?? []).includes(FORMAL_NOTICE_TYPE_ID),
    message: "Aucune mise en demeure n'a été générée pour cette demande.",
  },
  appointmentsProposed: {
    name: 'appointmentsProposed',
    test: (request) => (request.appointments ?? []).some((appointment) => !!appointment),
    message: "Aucun rendez-vous n'a été proposé pour cette demande.",
  },
} as const satisfies Record<string, Guard>;

const INSTRUCTING: readonly ActorRole[] = ['instructor', 'admin'];

/** The formal notice's document type (docs/constants.md "Document types"); documents.ts names every type. */
const FORMAL_NOTICE_TYPE_ID = 106;

/**
 * The transition table (docs/workflow.md "Transitions"). Readings written down:
 * - cancel follows the specification literally: the applicant cancels only in state 3; an
 *   instructor in 3, 4, 6, 7, 8, 9 (our narrowing of "not 1, 2 or 10"); a user holding the admin
 *   role — with or without the instructor role — cancels "as a requester", i.e. only in state 3
 *   (but any request, as admins see all). Cancel is allowed while in signature: the spec does not
 *   forbid it.
 * - withdraw (ours, `DELETE request/{id}`): the applicant — or an admin for it — withdraws a
 *   request not yet decided (3 not in signature, 8, 9) to 14; its legal clock stops and the
 *   instructor is told. Unlike cancel, it also applies during completeness, and it is the
 *   applicant's own act (a beneficiary or an instructor cannot). Drafts are deleted, not withdrawn.
 * - cancelWorks: from state 4 only (works granted, not started or abandoned), permissions only,
 *   by the owner, an instructor or an admin.
 * - the beneficiary's account may request the reception and answer appointments; cancelling,
 *   completing and extending stay with the owner.
 * - requestReception (docs/workflow.md "Who may do what"): the applicant or an admin in 4 or 12
 *   chooses Photos (-> 7) or Rendez-vous (-> 6); the applicant also in 6 or 7, with photos only (->
 *   7: sending photos while an appointment is awaited replaces it, and photos may be added while
 *   the reception is asked).
 * - generateLetter (ours): the reception's letters (formal notice, minutes) are drafted by those
 *   who record the reception, in the same states; generateDisturbanceMinutes once a road
 *   disturbance is declared; archiveFormalNotice sends an existing formal notice to the records
 *   system. None of them changes the state; each is traced.
 * - signatureReturned: a favourable permission goes to 4 (works follow-up); an alignment, or any
 *   refusal, goes to 5 (closed) — a permission combined with an alignment follows its permission.
 * - orderGenerationFailed (ours): a failed merge returns from 999 to 3 instead of staying stuck.
 * - completeTrafficOrder (ours): the instructor reviews and completes the request's
 *   cerfa 14024 while the decision may still change (3 or 9, not in signature); the traffic
 *   order is generated from it.
 * - submitForSignature needs the order of every act of the request (acts.ts): they are signed
 *   together.
 * - updateRequest (ours): the parties and forms of a filed request change only here —
 *   by its owner while it awaits completion (state 8), or by an admin in any state but the
 *   transient 999 (the admin's 'Mise à jour du dossier', docs/screens.md "Request detail").
 *   Instructors decide, they do not rewrite what the applicant declared.
 */
export const TRANSITIONS: readonly Transition[] = [
  { action: 'file', from: [null], to: 3, roles: ['applicant', 'instructor', 'admin'] },
  { action: 'cancel', from: [3], to: 1, roles: ['applicant', 'admin'] },
  { action: 'cancel', from: [3, 4, 6, 7, 8, 9], to: 1, roles: ['instructor'], unlessRoles: ['admin'] },
  { action: 'withdraw', from: [3, 8, 9], to: 14, roles: ['applicant', 'admin'], guard: GUARDS.withdrawable },
  {
    action: 'cancelWorks',
    from: [4],
    to: 1,
    roles: ['applicant', 'instructor', 'admin'],
    guard: GUARDS.isPermission,
  },
  { action: 'requestCompleteness', from: [3, 9], to: 8, roles: INSTRUCTING, guard: GUARDS.notInSignature },
  { action: 'complete', from: [8], to: 9, roles: ['applicant', 'admin'], guard: GUARDS.notInSignature },
  {
    action: 'updateRequest',
    from: [8],
    to: 'unchanged',
    roles: ['applicant'],
    unlessRoles: ['admin'],
    guard: GUARDS.notInSignature,
  },
  { action: 'updateRequest', from: STATE_IDS.filter((id) => id !== 999), to: 'unchanged', roles: ['admin'] },
  { action: 'reorient', from: [3, 9], to: 11, roles: INSTRUCTING, guard: GUARDS.notInSignature },
  { action: 'saveDecision', from: [3, 9], to: 'unchanged', roles: INSTRUCTING, guard: GUARDS.notInSignature },
  { action: 'generateOrder', from: [3, 9], to: 999, roles: INSTRUCTING, guard: GUARDS.notInSignature },
  { action: 'orderGenerated', from: [999], to: 3, roles: INSTRUCTING },
  { action: 'orderGenerationFailed', from: [999], to: 3, roles: INSTRUCTING },
  {
    action: 'submitForSignature',
    from: [3],
    to: 'unchanged',
    roles: INSTRUCTING,
    guard: GUARDS.readyForSignature,
  },
  {
    action: 'signatureReturned',
    from: [3],
    to: 4,
    roles: INSTRUCTING,
    guard: GUARDS.favourablePermissionSigned,
  },
  { action: 'signatureReturned', from: [3], to: 5, roles: INSTRUCTING, guard: GUARDS.otherDecisionSigned },
  { action: 'signatureRefused', from: [3], to: 'unchanged', roles: INSTRUCTING, guard: GUARDS.inSignature },
  {
    action: 'requestReception',
    from: [4, 12],
    to: { photos: 7, appointment: 6 },
    roles: ['applicant', 'admin'],
    beneficiaryActs: true,
  },
  {
    action: 'requestReception',
    from: [6, 7],
    to: { photos: 7 },
    roles: ['applicant'],
    unlessRoles: ['admin'],
    beneficiaryActs: true,
  },
  { action: 'proposeAppointments', from: [6], to: 'unchanged', roles: INSTRUCTING },
  {
    action: 'chooseAppointment',
    from: [6],
    to: 7,
    roles: ['applicant'],
    beneficiaryActs: true,
    guard: GUARDS.appointmentsProposed,
  },
  {
    action: 'declineAppointments',
    from: [6],
    to: 'unchanged',
    roles: ['applicant'],
    beneficiaryActs: true,
    guard: GUARDS.appointmentsProposed,
  },
  { action: 'recordReception', from: [4, 6, 7], to: { accepted: 2, refused: 12 }, roles: INSTRUCTING },
  { action: 'recordReception', from: [12], to: { accepted: 2, refused: 13 }, roles: INSTRUCTING },
  {
    action: 'declareRoadDisturbance',
    from: [2],
    to: 'unchanged',
    roles: INSTRUCTING,
    guard: GUARDS.isPermission,
  },
  { action: 'generateLetter', from: [4, 6, 7, 12], to: 'unchanged', roles: INSTRUCTING },
  {
    action: 'generateDisturbanceMinutes',
    from: [2],
    to: 'unchanged',
    roles: INSTRUCTING,
    guard: GUARDS.roadDisturbanceDeclared,
  },
  {
    action: 'archiveFormalNotice',
    from: STATE_IDS.filter((id) => id !== 999),
    to: 'unchanged',
    roles: INSTRUCTING,
    guard: GUARDS.hasFormalNotice,
  },
  {
    action: 'extend',
    from: [4, 12],
    to: 10,
    roles: ['applicant', 'instructor', 'admin'],
    guard: GUARDS.extendable,
  },
  {
    action: 'completeTrafficOrder',
    from: [3, 9],
    to: 'unchanged',
    roles: INSTRUCTING,
    guard: GUARDS.trafficOrderEditable,
  },
];

/** The rows of an action. */
export function transitionsOf(action: WorkflowAction): readonly Transition[] {
  return TRANSITIONS.filter((transition) => transition.action === action);
}
