// The read-only cerfa replicas as plain data, laid out as the official forms: numbered sections,
// zones (a text box, a box to tick, a group of boxes) in the form's order. The web view
// (apps/web/src/features/cerfa) draws them as read-only form controls, the API's PDF
// (apps/api/src/cerfa) as boxes on A4 pages; neither decides what a zone holds.

/** One printed zone of a form; `comb` cuts a text box into that many character cells. */
export type CerfaField =
  | { kind: 'text'; label: string; value: string; multiline?: boolean; comb?: number }
  | { kind: 'check'; label: string; checked: boolean }
  | { kind: 'choices'; label: string; options: readonly CerfaChoice[] };

export interface CerfaChoice {
  label: string;
  checked: boolean;
}

/** A block of the form, printed under its number and title. */
export interface CerfaSection {
  id: string;
  /** 1, 2, … in the form's order. */
  number: number;
  title: string;
  fields: CerfaField[];
}

/** A section's heading as printed: '1 - Le demandeur'. */
export function cerfaSectionHeading(section: Pick<CerfaSection, 'number' | 'title'>): string {
  return `${String(section.number)} - ${section.title}`;
}

/** Numbers the sections in their order. */
export function numberedSections(sections: readonly [string, string, CerfaField[]][]): CerfaSection[] {
  return sections.map(([id, title, fields], index) => ({ id, number: index + 1, title, fields }));
}

export type CerfaFormType = '14023' | '14024';

/** A whole form, filled with one request's data. */
export interface CerfaForm {
  type: CerfaFormType;
  /** As printed, e.g. 'cerfa n°14024*01'. */
  reference: string;
  title: string;
  /** The texts the form is issued under, printed under its title. */
  legalBasis: readonly string[];
  /** Lines printed under the header, outside the form's zones (the alignment asked with a 14023). */
  notes?: readonly string[];
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

/** A text zone printed as character cells (the postal code's five boxes). */
export const combField = (label: string, value: Scalar, cells: number): CerfaField => ({
  kind: 'text',
  label,
  value: displayValue(value),
  comb: cells,
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
