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

/** A part of a form whose reasons are said after its own sentence. */
export interface ErrorSection {
  /** The dotted path of the part ('parties.beneficiary'). */
  path: string;
  /** Said once before its reasons ("Erreur lors de l'ajout du bénéficiaire."). */
  text: string;
}

const under = (error: FieldError, path: string) => error.path === path || error.path.startsWith(`${path}.`);

/**
 * A VALIDATION error whose message is `prefix` followed by the reasons joined as the error
 * handler joins them (e.g. the spec's "Erreur lors de l'ajout du dossier : …"). The reasons of
 * each section come first, after the section's sentence.
 */
export function validationError(
  prefix: string,
  errors: FieldError[],
  sections: readonly ErrorSection[] = [],
): AppError {
  const said = (list: readonly FieldError[]) => list.map((error) => error.message).join(' ; ');
  const parts = sections.flatMap((section) => {
    const inside = errors.filter((error) => under(error, section.path));
    return inside.length > 0 ? [`${section.text} ${said(inside)}`] : [];
  });
  const rest = errors.filter((error) => !sections.some((section) => under(error, section.path)));
  if (rest.length > 0) parts.push(said(rest));
  return new AppError('VALIDATION', `${prefix}${parts.join(' ; ')}`, { errors });
}
