// The read-only cerfa replicas as plain data: the web view renders them as form controls and the
// API's PDF as "label : value" lines. Free of React and of the database, so that both apps run
// the same code: apps/web/src/features/cerfa/model/ and apps/api/src/cerfa/form/ hold the same
// files but for the import extensions (checked by apps/api/test/cerfa-pdf.integration.test.ts).
// They belong in packages/domain once that package takes them.

/** One printed zone of a form. */
export type CerfaField =
  | { kind: 'text'; label: string; value: string; multiline?: boolean }
  | { kind: 'check'; label: string; checked: boolean }
  | { kind: 'choices'; label: string; options: readonly CerfaChoice[] };

export interface CerfaChoice {
  label: string;
  checked: boolean;
}

/** A block of the form, printed under its title. */
export interface CerfaSection {
  id: string;
  title: string;
  fields: CerfaField[];
}

export type CerfaFormType = '14023' | '14024';

/** A whole form, filled with one request's data. */
export interface CerfaForm {
  type: CerfaFormType;
  /** As printed, e.g. 'cerfa n°14024*01'. */
  reference: string;
  title: string;
  requestId: number;
  sections: CerfaSection[];
}

type Scalar = string | number | null | undefined;

/** Numbers the French way (decimal comma); missing values print as empty zones. */
export function displayValue(value: Scalar): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? String(value).replace('.', ',') : value.trim();
}

export const textField = (label: string, value: Scalar, multiline = false): CerfaField => ({
  kind: 'text',
  label,
  value: displayValue(value),
  ...(multiline ? { multiline } : {}),
});

export const checkField = (label: string, checked: boolean | null | undefined): CerfaField => ({
  kind: 'check',
  label,
  checked: checked === true,
});

/** A group of boxes, those whose value is selected being checked. */
export function choicesField(
  label: string,
  options: readonly (string | { value: string; label: string })[],
  selected: readonly (string | null | undefined)[],
): CerfaField {
  return {
    kind: 'choices',
    label,
    options: options.map((option) => {
      const { value, label: optionLabel } =
        typeof option === 'string' ? { value: option, label: option } : option;
      return { label: optionLabel, checked: selected.includes(value) };
    }),
  };
}

/** Oui / Non boxes; neither is checked when the answer is unknown. */
export const yesNoField = (label: string, value: boolean | null | undefined): CerfaField =>
  choicesField(label, ['Oui', 'Non'], [value === true ? 'Oui' : value === false ? 'Non' : null]);

/** The text of a field as one printed line (the PDF's rendering). */
export function fieldLine(field: CerfaField): string {
  const box = (checked: boolean) => (checked ? '[X]' : '[  ]');
  if (field.kind === 'text') return `${field.label} : ${field.value}`;
  if (field.kind === 'check') return `${box(field.checked)} ${field.label}`;
  return `${field.label} : ${field.options.map((option) => `${box(option.checked)} ${option.label}`).join('   ')}`;
}
