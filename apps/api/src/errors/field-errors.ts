import { AppError, type FieldError } from './app-error.ts';

/** A field error as every VALIDATION answer gives it: the message names its path. */
export function fieldError(path: string, message: string): FieldError {
  return { path, message: path ? `${message} (${path})` : message };
}

/** The field errors of a zod parse (issues with their dotted paths). */
export function zodFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldError[] {
  return issues.map((issue) => fieldError(issue.path.map(String).join('.'), issue.message));
}

/**
 * A VALIDATION error whose message is `prefix` followed by the reasons joined as the error
 * handler joins them (e.g. the spec's "Erreur lors de l'ajout du dossier : …").
 */
export function validationError(prefix: string, errors: FieldError[]): AppError {
  return new AppError('VALIDATION', `${prefix}${errors.map((e) => e.message).join(' ; ')}`, { errors });
}
