import {
  can,
  canUser,
  listTabOf,
  isCancelled,
  isStateId,
  toWorkflowRequest,
  type ListAbilities,
  type RequestKind,
  type WorkflowRequest,
} from '@voirie/domain';
import type { Viewer } from './visibility.ts';

/** What the policies read of a stored request. */
export interface PolicyRequest {
  stateId: number;
  type: number;
  sendToSign: boolean;
  ownerUserId: number | null;
  beneficiaryUserId: number | null;
  alignmentId: number | null;
  hasGeometry: boolean;
}

/** The workflow's view of a stored request (the domain's toWorkflowRequest). */
export function workflowRequestOf(request: PolicyRequest): WorkflowRequest {
  if (!isStateId(request.stateId)) throw new Error(`Unknown state ${String(request.stateId)}`);
  return toWorkflowRequest({
    stateId: request.stateId,
    type: request.type as RequestKind,
    sendToSign: request.sendToSign,
    stdUserId: request.ownerUserId,
    alignementId: request.alignmentId,
    beneficiary: { stdUserId: request.beneficiaryUserId },
  });
}

/**
 * The actions the list offers on a row, for this viewer (docs/screens.md "Request list",
 * docs/workflow.md "Who may do what").
 */
export function listAbilities(viewer: Viewer, request: PolicyRequest): ListAbilities {
  const workflow = workflowRequestOf(request);
  const tab = workflow.stateId === null ? undefined : listTabOf(workflow.stateId, request.sendToSign);
  return {
    open: true,
    locate: !isCancelled(request.stateId) && request.hasGeometry,
    cancel: (tab?.allowsCancel ?? false) && can(viewer, 'cancel', workflow).ok,
    mails: true,
  };
}

/** The instructor column and filter (admin, instructor). */
export const seesInstructorColumn = (viewer: Viewer): boolean => canUser(viewer, 'seeInstructorColumn');
