import type { InputRefusal, WorkflowRefusal } from '@voirie/domain';
import { AppError } from './app-error.ts';
import { validationError, zodFieldErrors } from './field-errors.ts';

/**
 * The one place a refusal of the domain's workflow becomes an API error: the role is a 403, the
 * state (or a guard) a 409, the input a 400 with its field errors — each with the domain's
 * French message.
 */
export function refusalError(refusal: WorkflowRefusal | InputRefusal): AppError {
  if (refusal.reason === 'input') return validationError('', zodFieldErrors(refusal.issues));
  return new AppError(refusal.reason === 'role' ? 'FORBIDDEN' : 'STATE_CONFLICT', refusal.message);
}
