import {
  USER_ADMIN_MESSAGES,
  checkUserChange,
  isPasswordChange,
  type CapabilityUser,
  type UserForm,
  type UserPerimeterIds,
} from '@voirie/domain';
import { AppError } from '../errors/app-error.ts';
import { fieldError, validationError } from '../errors/field-errors.ts';

/**
 * The checks of a creation or an edit that read nothing: no password through this form (it has
 * its own page and link), then the domain's role and perimeter rules (a 403, nothing changed).
 */
export function assertMayWrite(args: {
  editor: CapabilityUser;
  target: { id: number; roles: readonly string[]; perimeters: UserPerimeterIds } | null;
  form: UserForm;
  perimeters: UserPerimeterIds;
}): void {
  if (args.form.password || args.form.password_confirm || isPasswordChange(args.form))
    throw validationError('', [fieldError('password', USER_ADMIN_MESSAGES.passwordNotHere)]);
  const refusal = checkUserChange({
    editor: args.editor,
    target: args.target,
    roles: args.form.roles,
    perimeters: args.perimeters,
  });
  if (refusal) throw new AppError('FORBIDDEN', refusal.message);
}

/** The unique index on the address refused a row another transaction wrote meanwhile. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
