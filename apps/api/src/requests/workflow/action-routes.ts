import { allowedActions, type Actor, type WorkflowAction, type WorkflowRequest } from '@voirie/domain';

/**
 * The route of each workflow action a user may take (one vocabulary, no advertised
 * action without its route). An action of the domain's table that has no route yet is never
 * offered; a test checks that each route here is registered.
 */
export const ACTION_ROUTES: Readonly<
  Partial<Record<WorkflowAction, { method: 'POST' | 'PUT' | 'DELETE'; url: string }>>
> = {
  file: { method: 'POST', url: '/api/request' },
  cancel: { method: 'POST', url: '/api/request/:id/cancel' },
  withdraw: { method: 'DELETE', url: '/api/request/:id' },
  requestCompleteness: { method: 'POST', url: '/api/request/:id/completeness' },
  complete: { method: 'PUT', url: '/api/request/:id' },
  updateRequest: { method: 'PUT', url: '/api/request/:id' },
  reorient: { method: 'POST', url: '/api/request/:id/reorient' },
  saveDecision: { method: 'PUT', url: '/api/request/:id/decision' },
  generateOrder: { method: 'POST', url: '/api/request/:id/order' },
  submitForSignature: { method: 'POST', url: '/api/request/:id/signature' },
  signatureReturned: { method: 'POST', url: '/api/request/:id/signature/signed' },
  signatureRefused: { method: 'POST', url: '/api/request/:id/signature/refusal' },
  // The works phase (docs/api-works.md).
  requestReception: { method: 'POST', url: '/api/request/:id/reception' },
  proposeAppointments: { method: 'POST', url: '/api/request/:id/appointments' },
  chooseAppointment: { method: 'POST', url: '/api/request/:id/appointments/choice' },
  declineAppointments: { method: 'POST', url: '/api/request/:id/appointments/decline' },
  recordReception: { method: 'POST', url: '/api/request/:id/reception/outcome' },
  generateLetter: { method: 'POST', url: '/api/request/:id/letters/:kind' },
  generateDisturbanceMinutes: { method: 'POST', url: '/api/request/:id/letters/:kind' },
  archiveFormalNotice: { method: 'POST', url: '/api/document/elise/:id' },
  declareRoadDisturbance: { method: 'POST', url: '/api/request/:id/road-disturbance' },
  cancelWorks: { method: 'POST', url: '/api/request/:id/cancel-works' },
  extend: { method: 'POST', url: '/api/request/extension/:id' },
  // The instruction of every act.
  completeTrafficOrder: { method: 'PUT', url: '/api/request/:id/cerfa14024' },
};

/** The actions a viewer may take on a request now and that the API can carry out. */
export function offeredActions(viewer: Actor, workflow: WorkflowRequest): WorkflowAction[] {
  return allowedActions(viewer, workflow).filter((action) => ACTION_ROUTES[action] !== undefined);
}
