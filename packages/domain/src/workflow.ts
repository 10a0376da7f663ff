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
import { TrafficOrderCompletionSchema } from './schemas/cerfa-14024.ts';
import type { StateId } from './states.ts';
import { SYSTEM_ACTIONS, WORKFLOW_ACTIONS, transitionsOf } from './workflow-table.ts';
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

/** What apply() returns when the action is allowed. */
export interface ApplyResult {
  ok: true;
  action: WorkflowAction;
  fromStateId: StateId | null;
  request: RequestChanges;
  /** The decision to store on the cerfa 14023 or the alignment (saveDecision). */
  decision?: Record<string, unknown>;
  /** A permission combined with an alignment: the alignment's own decision (saveDecision). */
  alignmentDecision?: Record<string, unknown>;
  /** The request's cerfa 14024 as completed by the instructor, every field (completeTrafficOrder). */
  trafficOrder?: Record<string, unknown>;
  reception?: ReceptionChanges;
  effects: WorkflowEffect[];
  /** The notice shown to the user (the spec's texts where it gives them). */
  notice: string;
}

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

/** Notice of a refused reception (spec 2 §8). */
export const RECEPTION_REFUSED_NOTICE = 'Réception refusée.';

type Built = Omit<ApplyResult, 'ok' | 'action' | 'fromStateId' | 'notice'> & { notice?: string };

/**
 * Applies an action: checks it with can(), validates its input, and returns the fields to
 * change (request, decision, reception), the side effects to perform and the notice — or the
 * refusal. Pure: it never reads the clock or writes anything; dates come in the input.
 */
export function apply(
  request: WorkflowRequest,
  action: WorkflowAction,
  actor: Actor,
  input?: unknown,
): ApplyResult | WorkflowRefusal | InputRefusal {
  const resolved = resolve(actor, action, request);
  if (isRefusal(resolved)) return resolved;
  const built = build(resolved, request, input);
  if ('ok' in built) return built;
  const { notice, ...rest } = built;
  return { ok: true, action, fromStateId: request.stateId, notice: notice ?? NOTICES[action], ...rest };
}

function build(transition: Transition, request: WorkflowRequest, input: unknown): Built | InputRefusal {
  const to = (outcome?: string) => targetState(transition, request, outcome);
  const documents = request.documentTypeIds ?? [];
  switch (transition.action) {
    case 'file':
      return {
        request: { stateId: to(), sendToSign: false, noMail: false, missingDocuments: [] },
        effects: [],
      };
    case 'cancel':
    case 'cancelWorks':
    case 'complete':
    case 'updateRequest':
    case 'orderGenerated':
    case 'orderGenerationFailed':
      return {
        request: { stateId: to(), ...(transition.action === 'complete' ? { missingDocuments: [] } : {}) },
        effects: [],
      };
    case 'requestCompleteness': {
      const parsed = parseInput(RequestCompletenessInputSchema, input);
      if ('ok' in parsed) return parsed;
      const { missingDocuments, comment, date } = parsed.data;
      return {
        request: { stateId: to(), missingDocuments, comment: comment ?? null, completenessDate: date },
        effects: [],
      };
    }
    case 'reorient': {
      const parsed = parseInput(ReorientInputSchema, input);
      if ('ok' in parsed) return parsed;
      return { request: { stateId: to(), reorientationMail: parsed.data.reorientationMail }, effects: [] };
    }
    case 'saveDecision': {
      const parsed = parseInput(decisionSchemaOf(request), input);
      if ('ok' in parsed) return parsed;
      const { mailArreteSignes, doAnnexe, commentDecision, ...rest } = parsed.data as z.output<
        typeof PermissionDecisionInputSchema | typeof AlignmentDecisionInputSchema
      > & { alignement?: Record<string, unknown> };
      const { alignement, ...decision } = rest;
      return {
        request: {
          stateId: to(),
          sendToSign: false,
          mailArreteSignes,
          doAnnexe: doAnnexe ?? null,
          commentDecision: commentDecision ?? null,
        },
        decision: { ...decision, commentDecision: commentDecision ?? null },
        ...(alignement ? { alignmentDecision: alignement } : {}),
        effects: [],
      };
    }
    case 'generateOrder':
      return { request: { stateId: to(), sendToSign: false }, effects: [{ type: 'mergeOrder' }] };
    case 'submitForSignature':
      return {
        request: { stateId: to(), sendToSign: true, noMail: true },
        effects: [{ type: 'sendToSignature' }],
      };
    case 'signatureReturned':
      return { request: { stateId: to(), sendToSign: false, noMail: false }, effects: [] };
    case 'signatureRefused': {
      const parsed = parseInput(SignatureRefusedInputSchema, input);
      if ('ok' in parsed) return parsed;
      return { request: { stateId: to(), sendToSign: false, noMail: false }, effects: [] };
    }
    case 'requestReception':
      return buildRequestReception(transition, request, input);
    case 'proposeAppointments': {
      const parsed = parseInput(ProposeAppointmentsInputSchema, input);
      if ('ok' in parsed) return parsed;
      const [rdv1 = null, rdv2 = null, rdv3 = null] = parsed.data.appointments;
      return {
        request: { stateId: to() },
        reception: { rdv1, rdv2, rdv3, acceptRdv: null },
        effects: [{ type: 'updateReception' }],
      };
    }
    case 'chooseAppointment': {
      const parsed = parseInput(ChooseAppointmentInputSchema, input);
      if ('ok' in parsed) return parsed;
      const { choice } = parsed.data;
      if (!request.appointments?.[choice - 1]) {
        return refuseInput(WORKFLOW_INPUT_MESSAGES.appointmentNotProposed, 'choice');
      }
      return {
        request: { stateId: to() },
        reception: { acceptRdv: choice, stateId: to() },
        effects: [{ type: 'updateReception' }],
      };
    }
    case 'declineAppointments':
      return {
        request: { stateId: to() },
        reception: { rdv1: null, rdv2: null, rdv3: null, acceptRdv: null },
        effects: [{ type: 'updateReception' }],
      };
    case 'recordReception': {
      if (!hasReceptionValidationDocument(documents)) {
        return refuseInput(RECORD_RECEPTION_NEEDS_DOCUMENT, 'documents');
      }
      const parsed = parseInput(RecordReceptionInputSchema, input);
      if ('ok' in parsed) return parsed;
      const accepted = parsed.data.avis === 'accepté';
      const stateId = to(accepted ? 'accepted' : 'refused');
      return {
        // An accepted reception is flagged to be sent for signature (spec 2 §4: the minutes).
        request: { stateId, ...(accepted ? { sendToSign: true } : {}) },
        reception: { ...parsed.data, stateId },
        effects: [{ type: request.stateId === 4 ? 'createReception' : 'updateReception' }],
        notice: accepted ? NOTICES.recordReception : RECEPTION_REFUSED_NOTICE,
      };
    }
    case 'declareRoadDisturbance': {
      const parsed = parseInput(RoadDisturbanceInputSchema, input);
      if ('ok' in parsed) return parsed;
      const { lat, lon } = parsed.data;
      return {
        request: { stateId: to(), sendToSign: true },
        reception: { roadDisturbance: true, lat, lon },
        effects: [{ type: 'updateReception' }],
      };
    }
    case 'generateLetter':
    case 'generateDisturbanceMinutes':
    case 'archiveFormalNotice':
      return { request: { stateId: to() }, effects: [] };
    case 'extend': {
      const parsed = parseInput(ExtendInputSchema, input);
      if ('ok' in parsed) return parsed;
      return { request: { stateId: to() }, effects: [{ type: 'createExtension', ...parsed.data }] };
    }
    case 'completeTrafficOrder': {
      const parsed = parseInput(TrafficOrderCompletionSchema, input);
      if ('ok' in parsed) return parsed;
      return { request: { stateId: to() }, trafficOrder: parsed.data, effects: [] };
    }
  }
}

/**
 * The decision input of a request: a permission's (kinds 1 and 3) — with the alignment's under
 * `alignement` when one was asked with it (issue 18) — or an alignment's (kind 2).
 */
export function decisionSchemaOf(request: Pick<WorkflowRequest, 'type' | 'hasAlignment'>) {
  if (!isPermissionKind(request.type)) return AlignmentDecisionInputSchema;
  return request.hasAlignment === true ? CombinedDecisionInputSchema : PermissionDecisionInputSchema;
}

/** Message when an instructor validates a reception before any minutes or notice exists. */
export const RECORD_RECEPTION_NEEDS_DOCUMENT =
  'Veuillez générer le procès-verbal ou la mise en demeure avant de valider la réception.';

function buildRequestReception(
  transition: Transition,
  request: WorkflowRequest,
  input: unknown,
): Built | InputRefusal {
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

/** True when the instructor's reception validation button may be enabled (spec 2 §5). */
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
