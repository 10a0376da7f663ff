import { STATE } from './states.ts';
import type { StateId } from './states.ts';

// Named tests on a request's state (docs/CODE_STYLE.md: states are compared through the domain's
// names, never as raw numbers outside packages/domain). They take the stored number, which the
// apps read untyped from rows and answers; docs/workflow.md "States" says what each state means.

type StoredState = number | null | undefined;

/** Cancelled (1). */
export function isCancelled(stateId: StoredState): boolean {
  return stateId === STATE.CANCELLED;
}

/** Filed, awaiting instruction (3); in signature too when `sendToSign` is set (isInSignature). */
export function isFiled(stateId: StoredState): boolean {
  return stateId === STATE.FILED;
}

/** Permission granted, works under way, reception not yet asked (4) — not after a refusal (12). */
export function isAwaitingReception(stateId: StoredState): boolean {
  return stateId === STATE.AWAITING_RECEPTION;
}

/** Sent back to the applicant to complete the file (8). */
export function isInCompleteness(stateId: StoredState): boolean {
  return stateId === STATE.COMPLETENESS_REQUESTED;
}

/** Completed by the applicant, back to the instructor (9). */
export function isCompletenessDone(stateId: StoredState): boolean {
  return stateId === STATE.COMPLETENESS_DONE;
}

/** The transient state while the order is merged (999). */
export function isGeneratingOrder(stateId: StoredState): boolean {
  return stateId === STATE.ORDER_GENERATION;
}

/** The reception was refused, once (12) or twice (13): a formal notice's delay runs. */
export const RECEPTION_REFUSED_STATES: readonly StateId[] = [
  STATE.AWAITING_RECEPTION_RESERVES,
  STATE.RECEPTION_REFUSED_TWICE,
];
