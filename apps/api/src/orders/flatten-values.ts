import { isCodedField, valueLabel, type TrafficOrderSubject } from '@voirie/domain';
import { DAY_ONLY, frenchDate } from '../requests/french-date.ts';

// How a merged value is printed (docs/templates.md, « Fields »): the French text of each stored
// value — a code by its label (the domain's VALUE_LABELS), a boolean Oui/Non, a decimal with a
// comma, a date DD/MM/YYYY — and '' for nothing, so that a `{#field}…{/field}` section vanishes.

/** A flat row of merge fields. */
export type Row = Record<string, string>;

/** A value as printed: Oui/Non, 1,5, dates in French, '' for nothing. */
export function frenchValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  if (value instanceof Date) return frenchDate(value);
  if (typeof value === 'string') {
    if (DAY_ONLY.test(value)) return frenchDate(value);
    // The alignment's 'oui'/'non' answers read like the booleans.
    if (value === 'oui' || value === 'non') return value === 'oui' ? 'Oui' : 'Non';
    return value.trim();
  }
  return '';
}

/** The value of a form field as printed: the label of a coded field, else as frenchValue. */
export function fieldText(name: string, value: unknown): string {
  if (isCodedField(name) && (typeof value === 'string' || typeof value === 'boolean'))
    return valueLabel(name, value);
  return frenchValue(value);
}

/**
 * A stored form, party or address as the merge reads it. Its fields are printed under their own
 * names (formFields: `cerfa_…`, `alignement_…`), so any field a form gains reaches the templates
 * (docs/templates.md); a typed shape would drop the ones it does not list.
 */
// eslint-disable-next-line no-restricted-syntax -- the merge's bag of a form's fields, read by name
export type MergeFields = Readonly<Record<string, unknown>>;

/** The request as the merge reads it (loadRequestDetail's answer): the traffic order's subject, and fields read by name. */
export type OrderDetail = TrafficOrderSubject & MergeFields;

export const record = (value: unknown): MergeFields | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : null;

/** camelCase -> snake_case, the spelling of the generic form fields. */
export const snakeCase = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

/** Every scalar field of a form as `<prefix>_<snake_case>`, printed (codes by their labels). */
export function formFields(prefix: string, form: MergeFields | null): Row {
  const fields: Row = {};
  for (const [name, value] of Object.entries(form ?? {})) {
    if (value !== null && typeof value === 'object' && !(value instanceof Date)) continue;
    fields[`${prefix}_${snakeCase(name)}`] = fieldText(name, value);
  }
  return fields;
}
