import type { Kysely } from 'kysely';
import { can, canUser, WORKFLOW_MESSAGES, type WorkflowAction } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { AppError } from '../errors/app-error.ts';
import { refusalError } from '../errors/refusal.ts';
import type { Actor } from '../policies/visibility.ts';
import { findVisibleRequest } from './list-service.ts';
import { loadWorkflowRequest } from './workflow/transition.ts';

/**
 * Checked before an upload's body is read (authorize before writing a byte): the
 * request is one the actor sees (404 otherwise) and the workflow allows one of `actions` now
 * (the first action's refusal otherwise: 403 for the role, 409 for the state). The service checks
 * again when it writes: the request may change while the file arrives.
 */
export async function assertMayUpload(
  db: Kysely<Database>,
  actor: Actor,
  key: string,
  options: {
    actions: readonly WorkflowAction[];
    instructorsOnly?: boolean;
  },
): Promise<void> {
  const row = await findVisibleRequest(db, actor, key);
  if (options.instructorsOnly && !canUser(actor, 'instructRequests'))
    throw new AppError('FORBIDDEN', WORKFLOW_MESSAGES.role);
  const workflow = await loadWorkflowRequest(db, row);
  const verdicts = options.actions.map((action) => can(actor, action, workflow));
  const refused = verdicts.find((verdict) => !verdict.ok);
  if (!refused || verdicts.some((verdict) => verdict.ok)) return;
  throw refusalError(refused);
}
