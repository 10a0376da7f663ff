import type { z } from 'zod';
import { hasRole } from './accounts.ts';
import { canUser } from './capabilities.ts';
import { RECEPTION_PHOTO_TYPE_IDS, hasReceptionValidationDocument } from './documents.ts';
import { NOT_IN_COMPLETENESS_MESSAGE, isPermissionKind } from './kinds.ts';
import type { RequestKind } from './kinds.ts';
import type { PublicDomainPart, ReceptionOpinion, ReceptionRefusalReason } from './decision-lists.ts';
import {
  AlignmentDecisionInputSchema,
  CombinedDecisionInputSchema,
  PermissionDecisionInputSchema,
  type AlignmentActDecisionInput,
  type AlignmentDecisionInput,
  type PermissionDecisionInput,
} from './schemas/decision.ts';
import {
  ChooseAppointmentInputSchema,
  ExtendInputSchema,
  ProposeAppointmentsInputSchema,
  RecordReceptionInputSchema,
  ReorientInputSchema,
  RequestCompletenessInputSchema,
  RequestReceptionInputSchema,
  RoadDisturbanceInputSchema,
  SignatureRefusedInputSchema,
  WORKFLOW_INPUT_MESSAGES,
} from './schemas/workflow-inputs.ts';
import { TrafficOrderCompletionSchema, type TrafficOrderCompletion } from './schemas/cerfa-14024.ts';
import type { StateId } from './states.ts';
import { SYSTEM_ACTIONS, WITHDRAW_REFUSED, WORKFLOW_ACTIONS, transitionsOf } from './workflow-table.ts';
import type { ActorRole, Transition, WorkflowAction, WorkflowRequest } from './workflow-table.ts';

/** The person acting: an account id and its roles. */
export interface Actor {
  readonly id: number;
  readonly roles: readonly string[];
}

export const WORKFLOW_MESSAGES = {
  role: "Vous n'avez pas les droits pour effectuer cette action.",
  state: "Cette action n'est pas possible dans l'état actuel de la demande.",
} as const;

/** The state refusal's text where the spec gives one for an action (else WORKFLOW_MESSAGES.state). */
const STATE_REFUSALS: Partial<Readonly<Record<WorkflowAction, string>>> = {
  complete: NOT_IN_COMPLETENESS_MESSAGE,
  updateRequest: NOT_IN_COMPLETENESS_MESSAGE,
  withdraw: WITHDRAW_REFUSED,
};

/** A refusal of the workflow: the actor lacks the role, or the request is not in a state for it. */
export type WorkflowRefusal = { ok: false; reason: 'role' | 'state'; message: string };
export type CanResult = { ok: true } | WorkflowRefusal;

/** An input refusal of apply(): the data sent with the action is not valid. */
export type InputRefusal = {
  ok: false;
  reason: 'input';
  message: string;
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
};

/** A side effect the caller performs after the state change (in the same transaction or after). */
export type WorkflowEffect =
  | { type: 'createReception' }
  | { type: 'updateReception' }
  | { type: 'mergeOrder' }
  | { type: 'sendToSignature' }
  | { type: 'createExtension'; dateStart: string; dateEnd: string; numberDays: number };

/** The request fields an action changes; stateId is always given (the new state). */
export interface RequestChanges {
  stateId: StateId;
  sendToSign?: boolean;
  noMail?: boolean;
  missingDocuments?: number[];
  comment?: string | null;
  completenessDate?: string;
  reorientationMail?: string;
  commentDecision?: string | null;
  mailArreteSignes?: { mail: string; name?: string | null }[];
  doAnnexe?: boolean | null;
}

/** The reception fields an action changes. */
export interface ReceptionChanges {
  stateId?: StateId;
  exState?: StateId | null;
  option?: string;
  rdv1?: string | null;
  rdv2?: string | null;
  rdv3?: string | null;
  acceptRdv?: 1 | 2 | 3 | null;
  avis?: ReceptionOpinion | null;
  dateVisite?: string | null;
  motifRefus?: ReceptionRefusalReason[];
  motifRefusTxt?: string | null;
  partieDomainePublic?: PublicDomainPart[];
  roadDisturbance?: boolean;
  lat?: number | null;
  lon?: number | null;
}

/** A decision as the form keeps it: the recipients and the annex flag are the request's. */
type StoredDecision<T> = Omit<T, 'mailArreteSignes' | 'doAnnexe'>;

/**
 * What saveDecision stores: a permission's decision on its cerfa 14023 (kinds 1 and 3) — with the
 * alignment's own when one was asked with it — or an alignment's on the alignment (kind 2).
 */
export type SaveDecisionData =
  | {
      decisionFor: 'permission';
      decision: StoredDecision<PermissionDecisionInput>;
      alignmentDecision?: AlignmentActDecisionInput;
    }
  | {
      decisionFor: 'alignment';
      decision: StoredDecision<AlignmentDecisionInput>;
      alignmentDecision?: never;
    };

/** The data an action brings besides the request's changes (the actions not listed bring none). */
interface ActionData {
  saveDecision: SaveDecisionData;
  /** The request's cerfa 14024 as completed by the instructor, every field. */
  completeTrafficOrder: { trafficOrder: TrafficOrderCompletion };
}
type DataOf<A extends WorkflowAction> = A extends keyof ActionData ? ActionData[A] : unknown;

/** What every allowed action returns: the changes, the side effects and the notice. */
interface AppliedChanges {
  request: RequestChanges;
  reception?: ReceptionChanges;
  effects: WorkflowEffect[];
}

/**
 * What apply() returns when the action is allowed: a union discriminated by `action`, each member
 * with its action's own data, typed from the action's input schema.
 */
export type ApplyResult<A extends WorkflowAction = WorkflowAction> = {
  [K in A]: AppliedChanges & {
    ok: true;
    action: K;
    fromStateId: StateId | null;
    /** The notice shown to the user (the spec's texts where it gives them). */
    notice: string;
  } & DataOf<K>;
}[A];

/** The actor's relations to a request (see ActorRole). */
function hasActorRole(
  actor: Actor,
  request: WorkflowRequest,
  transition: Transition,
  role: ActorRole,
): boolean {
  switch (role) {
    case 'admin':
      return hasRole(actor, 'ROLE_ADMIN');
    case 'instructor':
      return hasRole(actor, 'ROLE_INSTRUCTEUR');
    case 'applicant':
      // Filing rows (from the draft state): anyone who may create requests files as applicant.
      if (transition.from.includes(null)) return canUser(actor, 'createRequests');
      if (request.ownerId !== null && actor.id === request.ownerId) return true;
      return (
        transition.beneficiaryActs === true &&
        request.beneficiaryUserId != null &&
        actor.id === request.beneficiaryUserId
      );
  }
}

function rowAllowsActor(transition: Transition, actor: Actor, request: WorkflowRequest): boolean {
  const has = (role: ActorRole) => hasActorRole(actor, request, transition, role);
  return transition.roles.some(has) && !(transition.unlessRoles ?? []).some(has);
}

/** The row that applies to this actor and request, or the refusal. */
function resolve(
  actor: Actor,
  action: WorkflowAction,
  request: WorkflowRequest,
): Transition | WorkflowRefusal {
  const byRole = transitionsOf(action).filter((transition) => rowAllowsActor(transition, actor, request));
  if (byRole.length === 0) return { ok: false, reason: 'role', message: WORKFLOW_MESSAGES.role };
  const byState = byRole.filter((transition) => transition.from.includes(request.stateId));
  if (byState.length === 0)
    return { ok: false, reason: 'state', message: STATE_REFUSALS[action] ?? WORKFLOW_MESSAGES.state };
  const passing = byState.find((transition) => !transition.guard || transition.guard.test(request));
  if (!passing) {
    const guard = byState[0]?.guard;
    return {
      ok: false,
      reason: 'state',
      message: guard?.messageFor?.(request) ?? guard?.message ?? WORKFLOW_MESSAGES.state,
    };
  }
  return passing;
}

function isRefusal(value: Transition | WorkflowRefusal): value is WorkflowRefusal {
  return 'ok' in value;
}

/**
 * May this actor perform this action on this request now? Checks the role (and ownership),
 * then the state, then the row's guard. Pure.
 */
export function can(actor: Actor, action: WorkflowAction, request: WorkflowRequest): CanResult {
  const resolved = resolve(actor, action, request);
  return isRefusal(resolved) ? resolved : { ok: true };
}

/** The actions that open the update wizard: the completion, or the admin's 'Mise à jour du dossier'. */
export const UPDATE_ACTIONS: readonly WorkflowAction[] = ['complete', 'updateRequest'];

/** True when the actions the API lists for a request let the viewer open the update wizard. */
export function offersUpdate(actions: readonly string[] | null | undefined): boolean {
  return (actions ?? []).some((action) => (UPDATE_ACTIONS as readonly string[]).includes(action));
}

/** The actions the UI may show for this request (system actions excluded). */
export function allowedActions(actor: Actor, request: WorkflowRequest): WorkflowAction[] {
  return WORKFLOW_ACTIONS.filter(
    (action) => !SYSTEM_ACTIONS.includes(action) && can(actor, action, request).ok,
  );
}

function inputRefusal(error: z.ZodError): InputRefusal {
  const issues = error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
  return { ok: false, reason: 'input', message: issues.map((issue) => issue.message).join(', '), issues };
}

function refuseInput(message: string, path: string): InputRefusal {
  return { ok: false, reason: 'input', message, issues: [{ path: [path], message }] };
}

/** Parses an action's input with its schema, or returns the input refusal. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): { data: z.output<S> } | InputRefusal {
  const parsed = schema.safeParse(input ?? {});
  return parsed.success ? { data: parsed.data } : inputRefusal(parsed.error);
}

function targetState(transition: Transition, request: WorkflowRequest, outcome?: string): StateId {
  const { to } = transition;
  if (to === 'unchanged') return request.stateId ?? 3;
  if (typeof to === 'number') return to;
  const state = outcome === undefined ? undefined : to[outcome];
  if (state === undefined)
    throw new Error(`No target for outcome ${String(outcome)} of ${transition.action}`);
  return state;
}

export const NOTICES: Readonly<Record<WorkflowAction, string>> = {
  file: 'Votre demande a bien été déposée.',
  cancel: 'Demande annulée',
  withdraw: 'Demande retirée',
  cancelWorks: 'Travaux annulés',
  requestCompleteness: 'La demande a été transférée en complétude.',
  complete: 'Votre demande a été complétée.',
  updateRequest: 'La demande a été mise à jour.',
  reorient: 'La demande a été réorientée.',
  saveDecision: 'La décision a été enregistrée.',
  generateOrder: "Génération de l'arrêté en cours.",
  orderGenerated: "L'arrêté a été généré.",
  orderGenerationFailed: "La génération de l'arrêté a échoué.",
  submitForSignature: "L'arrêté a été envoyé en signature.",
  signatureReturned: "L'arrêté signé a été enregistré.",
  signatureRefused: "Le refus de signature de l'arrêté a été enregistré.",
  requestReception: 'Votre demande de réception a été envoyée.',
  proposeAppointments: 'Proposition de rendez-vous effectuée.',
  chooseAppointment: 'Rendez-vous accepté.',
  declineAppointments: 'Refus de rendez-vous effectué.',
  recordReception: 'Dossier réceptionné.',
  declareRoadDisturbance: 'La perturbation de voirie a été déclarée.',
  generateLetter: 'Le courrier a été généré.',
  generateDisturbanceMinutes: 'Le procès-verbal de perturbation de voirie a été généré.',
  archiveFormalNotice: 'La mise en demeure a été envoyée à la gestion électronique des documents.',
  extend: 'La demande de prolongation a été créée.',
  completeTrafficOrder: 'Le cerfa 14024 a été enregistré.',
};

/** Notice of a refused reception (docs/screens.md "Notices and errors"). */
export const RECEPTION_REFUSED_NOTICE = 'Réception refusée.';

/** What an action's builder returns: apply() adds ok, the action, the state it starts from and the notice. */
type Built<A extends WorkflowAction> = AppliedChanges & { notice?: string } & DataOf<A>;
type Builder<A extends WorkflowAction> = (
  transition: Transition,
  request: WorkflowRequest,
  input: unknown,
) => Built<A> | InputRefusal;

/**
 * Applies an action: checks it with can(), validates its input, and returns the fields to
 * change (request, decision, reception), the side effects to perform and the notice — or the
 * refusal. Pure: it never reads the clock or writes anything; dates come in the input.
 */
export function apply<A extends WorkflowAction>(
  request: WorkflowRequest,
  action: A,
  actor: Actor,
  input?: unknown,
): ApplyResult<A> | WorkflowRefusal | InputRefusal {
  const resolved = resolve(actor, action, request);
  if (isRefusal(resolved)) return resolved;
  const builder: Builder<A> = BUILDERS[action];
  const built = builder(resolved, request, input);
  if (isInputRefusal(built)) return built;
  return {
    ...built,
    ok: true,
    action,
    fromStateId: request.stateId,
    notice: built.notice ?? NOTICES[action],
  };
}

function isInputRefusal<A extends WorkflowAction>(built: Built<A> | InputRefusal): built is InputRefusal {
  return 'ok' in built;
}

const to = (transition: Transition, request: WorkflowRequest, outcome?: string) =>
  targetState(transition, request, outcome);

/** An action that only moves the request. */
const moveOnly = (transition: Transition, request: WorkflowRequest): Built<WorkflowAction> => ({
  request: { stateId: to(transition, request) },
  effects: [],
});

/** The decision's fields that the request itself keeps. */
interface DecisionRequestFields {
  readonly mailArreteSignes: RequestChanges['mailArreteSignes'];
  readonly doAnnexe?: boolean | null;
  readonly commentDecision?: string | null;
}

/**
 * The decision: validated by the schema of the request's kind — a permission's (kinds 1 and 3),
 * with the alignment's under `alignement` when one was asked with it, or an
 * alignment's (kind 2).
 */
function buildDecision(
  transition: Transition,
  request: WorkflowRequest,
  input: unknown,
): Built<'saveDecision'> | InputRefusal {
  // What the request keeps (recipients of the signed order, annex, state) and the decision.
  const split = <D extends DecisionRequestFields>(data: D) => {
    const { mailArreteSignes, doAnnexe, commentDecision, ...decision } = data;
    const changes: RequestChanges = {
      stateId: to(transition, request),
      sendToSign: false,
      mailArreteSignes,
      doAnnexe: doAnnexe ?? null,
      commentDecision: commentDecision ?? null,
    };
    const kept = { ...decision, commentDecision: commentDecision ?? null };
    return { request: changes, decision: kept, effects: [] };
  };
  if (!isPermissionKind(request.type)) {
    const parsed = parseInput(AlignmentDecisionInputSchema, input);
    if ('ok' in parsed) return parsed;
    return { ...split(parsed.data), decisionFor: 'alignment' };
  }
  if (request.hasAlignment === true) {
    const parsed = parseInput(CombinedDecisionInputSchema, input);
    if ('ok' in parsed) return parsed;
    const { alignement, ...permission } = parsed.data;
    return { ...split(permission), decisionFor: 'permission', alignmentDecision: alignement };
  }
  const parsed = parseInput(PermissionDecisionInputSchema, input);
  if ('ok' in parsed) return parsed;
  return { ...split(parsed.data), decisionFor: 'permission' };
}

/** Each action's builder: its input schema, the request's changes, the reception's, the effects. */
const BUILDERS: { readonly [A in WorkflowAction]: Builder<A> } = {
  file: (transition, request) => ({
    request: { stateId: to(transition, request), sendToSign: false, noMail: false, missingDocuments: [] },
    effects: [],
  }),
  cancel: moveOnly,
  withdraw: moveOnly,
  cancelWorks: moveOnly,
  complete: (transition, request) => ({
    request: { stateId: to(transition, request), missingDocuments: [] },
    effects: [],
  }),
  updateRequest: moveOnly,
  orderGenerated: moveOnly,
  orderGenerationFailed: moveOnly,
  requestCompleteness: (transition, request, input) => {
    const parsed = parseInput(RequestCompletenessInputSchema, input);
    if ('ok' in parsed) return parsed;
    const { missingDocuments, comment, date } = parsed.data;
    return {
      request: {
        stateId: to(transition, request),
        missingDocuments,
        comment: comment ?? null,
        completenessDate: date,
      },
      effects: [],
    };
  },
  reorient: (transition, request, input) => {
    const parsed = parseInput(ReorientInputSchema, input);
    if ('ok' in parsed) return parsed;
    return {
      request: { stateId: to(transition, request), reorientationMail: parsed.data.reorientationMail },
      effects: [],
    };
  },
  saveDecision: buildDecision,
  generateOrder: (transition, request) => ({
    request: { stateId: to(transition, request), sendToSign: false },
    effects: [{ type: 'mergeOrder' }],
  }),
  submitForSignature: (transition, request) => ({
    request: { stateId: to(transition, request), sendToSign: true, noMail: true },
    effects: [{ type: 'sendToSignature' }],
  }),
  signatureReturned: (transition, request) => ({
    request: { stateId: to(transition, request), sendToSign: false, noMail: false },
    effects: [],
  }),
  signatureRefused: (transition, request, input) => {
    const parsed = parseInput(SignatureRefusedInputSchema, input);
    if ('ok' in parsed) return parsed;
    return { request: { stateId: to(transition, request), sendToSign: false, noMail: false }, effects: [] };
  },
  requestReception: buildRequestReception,
  proposeAppointments: (transition, request, input) => {
    const parsed = parseInput(ProposeAppointmentsInputSchema, input);
    if ('ok' in parsed) return parsed;
    const [rdv1 = null, rdv2 = null, rdv3 = null] = parsed.data.appointments;
    return {
      request: { stateId: to(transition, request) },
      reception: { rdv1, rdv2, rdv3, acceptRdv: null },
      effects: [{ type: 'updateReception' }],
    };
  },
  chooseAppointment: (transition, request, input) => {
    const parsed = parseInput(ChooseAppointmentInputSchema, input);
    if ('ok' in parsed) return parsed;
    const { choice } = parsed.data;
    if (!request.appointments?.[choice - 1]) {
      return refuseInput(WORKFLOW_INPUT_MESSAGES.appointmentNotProposed, 'choice');
    }
    return {
      request: { stateId: to(transition, request) },
      reception: { acceptRdv: choice, stateId: to(transition, request) },
      effects: [{ type: 'updateReception' }],
    };
  },
  declineAppointments: (transition, request) => ({
    request: { stateId: to(transition, request) },
    reception: { rdv1: null, rdv2: null, rdv3: null, acceptRdv: null },
    effects: [{ type: 'updateReception' }],
  }),
  recordReception: (transition, request, input) => {
    if (!hasReceptionValidationDocument(request.documentTypeIds ?? [])) {
      return refuseInput(RECORD_RECEPTION_NEEDS_DOCUMENT, 'documents');
    }
    const parsed = parseInput(RecordReceptionInputSchema, input);
    if ('ok' in parsed) return parsed;
    const accepted = parsed.data.avis === 'accepté';
    const stateId = to(transition, request, accepted ? 'accepted' : 'refused');
    return {
      // An accepted reception is flagged to be sent for signature (docs/workflow.md "Transitions":
      // the minutes).
      request: { stateId, ...(accepted ? { sendToSign: true } : {}) },
      reception: { ...parsed.data, stateId },
      effects: [{ type: request.stateId === 4 ? 'createReception' : 'updateReception' }],
      notice: accepted ? NOTICES.recordReception : RECEPTION_REFUSED_NOTICE,
    };
  },
  declareRoadDisturbance: (transition, request, input) => {
    const parsed = parseInput(RoadDisturbanceInputSchema, input);
    if ('ok' in parsed) return parsed;
    const { lat, lon } = parsed.data;
    return {
      request: { stateId: to(transition, request), sendToSign: true },
      reception: { roadDisturbance: true, lat, lon },
      effects: [{ type: 'updateReception' }],
    };
  },
  generateLetter: moveOnly,
  generateDisturbanceMinutes: moveOnly,
  archiveFormalNotice: moveOnly,
  extend: (transition, request, input) => {
    const parsed = parseInput(ExtendInputSchema, input);
    if ('ok' in parsed) return parsed;
    return {
      request: { stateId: to(transition, request) },
      effects: [{ type: 'createExtension', ...parsed.data }],
    };
  },
  completeTrafficOrder: (transition, request, input) => {
    const parsed = parseInput(TrafficOrderCompletionSchema, input);
    if ('ok' in parsed) return parsed;
    return { request: { stateId: to(transition, request) }, trafficOrder: parsed.data, effects: [] };
  },
};

/** Message when an instructor validates a reception before any minutes or notice exists. */
export const RECORD_RECEPTION_NEEDS_DOCUMENT =
  'Veuillez générer le procès-verbal ou la mise en demeure avant de valider la réception.';

function buildRequestReception(
  transition: Transition,
  request: WorkflowRequest,
  input: unknown,
): Built<'requestReception'> | InputRefusal {
  const parsed = parseInput(RequestReceptionInputSchema, input);
  if ('ok' in parsed) return parsed;
  const { option, uploadedTypeIds } = parsed.data;
  const outcome = option === 'Photos' ? 'photos' : 'appointment';
  if (typeof transition.to !== 'object' || !(outcome in transition.to)) {
    // In 6 or 7 the reception is already asked: only photos may still be sent.
    return refuseInput(WORKFLOW_INPUT_MESSAGES.receptionPhotosOnly, 'option');
  }
  if (option === 'Photos') {
    const present = new Set([...(request.documentTypeIds ?? []), ...uploadedTypeIds]);
    if (!RECEPTION_PHOTO_TYPE_IDS.every((id) => present.has(id))) {
      return refuseInput(WORKFLOW_INPUT_MESSAGES.receptionPhotosRequired, 'uploadedTypeIds');
    }
  }
  const stateId = targetState(transition, request, outcome);
  const fromAwaiting = request.stateId === 4 || request.stateId === 12;
  return {
    request: { stateId },
    reception: {
      option,
      stateId,
      // A new round (from 4 or 12) starts without the previous outcome; from 12, exState 12.
      ...(fromAwaiting ? { exState: request.stateId === 12 ? 12 : null, ...CLEARED_OUTCOME } : {}),
      // Photos sent while an appointment was awaited replace it.
      ...(option === 'Photos' ? { rdv1: null, rdv2: null, rdv3: null, acceptRdv: null } : {}),
    },
    effects: [{ type: request.stateId === 4 ? 'createReception' : 'updateReception' }],
  };
}

/** A reception's outcome fields, emptied when a new reception round starts. */
const CLEARED_OUTCOME: ReceptionChanges = {
  avis: null,
  dateVisite: null,
  motifRefus: [],
  motifRefusTxt: null,
  partieDomainePublic: [],
};

/**
 * True when the instructor's reception validation button may be enabled (docs/validation.md
 * "Reception dialogs").
 */
export function isReceptionValidationReady(request: WorkflowRequest): boolean {
  return hasReceptionValidationDocument(request.documentTypeIds ?? []);
}

/** The fields of a request (and its reception) the workflow view is built from. */
export interface WorkflowSource {
  stateId: StateId | null;
  type: RequestKind;
  sendToSign?: boolean | null;
  /** The account that filed the request. */
  stdUserId?: number | null;
  alignementId?: number | null;
  /** The request's cerfa 14024 row, when it holds one. */
  cerfa14024Id?: number | null;
  cerfa14024?: object | null;
  beneficiary?: { stdUserId?: number | null } | null;
  cerfa1402301?: { isFavorable?: boolean | null } | null;
  individualAlignmentRequest?: { isFavorable?: boolean | null } | null;
  documents?: readonly { typeDocumentId: number }[] | null;
}

/**
 * Builds what the workflow reads from a stored request and its reception: owner, beneficiary
 * account, combined alignment, cerfa 14024, decision, proposed appointments and attached document types.
 */
export function toWorkflowRequest(
  request: WorkflowSource,
  reception?: {
    rdv1?: string | null;
    rdv2?: string | null;
    rdv3?: string | null;
    roadDisturbance?: boolean | null;
  } | null,
): WorkflowRequest {
  const decision = request.type === 2 ? request.individualAlignmentRequest : request.cerfa1402301;
  return {
    stateId: request.stateId,
    type: request.type,
    sendToSign: request.sendToSign === true,
    ownerId: request.stdUserId ?? null,
    beneficiaryUserId: request.beneficiary?.stdUserId ?? null,
    hasAlignment: request.type !== 2 && request.alignementId != null,
    hasTrafficOrder: request.cerfa14024Id != null || request.cerfa14024 != null,
    isFavorable: decision?.isFavorable ?? null,
    appointments: [reception?.rdv1 ?? null, reception?.rdv2 ?? null, reception?.rdv3 ?? null],
    documentTypeIds: (request.documents ?? []).map((document) => document.typeDocumentId),
    roadDisturbance: reception?.roadDisturbance === true,
  };
}
