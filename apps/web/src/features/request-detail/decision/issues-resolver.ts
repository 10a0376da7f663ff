import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { FieldIssue } from './decision-form';

/**
 * A react-hook-form resolver from a validation that lists its issues by the form's paths (the
 * domain's schema, as the server parses the same input): each message on its field, the first
 * one only.
 */
export function issuesResolver<T extends FieldValues>(
  validate: (values: T) => { ok: true } | { ok: false; issues: readonly FieldIssue[] },
): Resolver<T> {
  return (values, _context, options) => {
    const result = validate(values);
    if (result.ok) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.issues) {
      errors[issue.path] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
