import {
  ALTERNATING_TRAFFIC_OPTIONS,
  COMPETENCE_CHOICES,
  OVERHEAD_CHOICES,
  SIGNAGE_BY_OPTIONS,
} from './decision-lists.ts';
import {
  ALIGNMENT_REASONS,
  NETWORKS,
  PARKING_EXTENSION_OPTIONS,
  SURFACE_EQUIPMENT,
  URBANISM_FILE_TYPES,
  WORK_TYPE_ALIASES,
  WORK_TYPES,
  WORKS_THEME_ALIASES,
  WORKS_THEMES,
  YES_NO,
  splitList,
} from './lists.ts';
import { WAY_TYPE_CHOICES } from './way-types.ts';

// The one table of coded values: for each field stored as a code (or a comma-joined list of
// codes), the label a person reads. The screens (cerfa replicas, decision dialog) and the
// documents (orders, letters, their `cerfa_*` and `alignement_*` fields) print through it, so
// that no stored code ('creation', 'Real cloture', 'eau_potable', 'true') reaches a reader.

/** A coded value and its printed label (booleans for the yes/no pairs with their own words). */
export interface CodedOption {
  readonly value: string | boolean;
  readonly label: string;
}

/** How a field is printed: its options, the old spellings still read, whether it is a list. */
interface CodedField {
  readonly options: readonly CodedOption[];
  readonly aliases?: Readonly<Record<string, string>>;
  /** Comma-joined values, printed as labels joined with ', '. */
  readonly list?: boolean;
}

const FREE_LIST: CodedField = { options: [], list: true };

/** The coded fields of the request, its CERFA forms and the alignment, by their API name. */
export const VALUE_LABELS = {
  // CERFA 14023, applicant's part
  themes: { options: WORKS_THEMES, aliases: WORKS_THEME_ALIASES, list: true },
  natureWork: { options: WORK_TYPES, aliases: WORK_TYPE_ALIASES },
  networkConnection: { options: NETWORKS, list: true },
  surfacePlanningEquipment: { options: SURFACE_EQUIPMENT, list: true },
  parkingNature: FREE_LIST,
  parkingExtension: { options: PARKING_EXTENSION_OPTIONS },
  // CERFA 14023, decision
  aerien: { options: OVERHEAD_CHOICES },
  decisionFacilitiesInfo: FREE_LIST,
  decisionRefections: FREE_LIST,
  decisionAccessMotifsRefus: FREE_LIST,
  // Alignment
  reasonRequest: { options: ALIGNMENT_REASONS },
  typeDossier: { options: URBANISM_FILE_TYPES },
  autorisationUrba: { options: YES_NO },
  groundAlreadyRequested: { options: YES_NO },
  competence: { options: COMPETENCE_CHOICES },
  // Request and CERFA 14024
  wayType: { options: WAY_TYPE_CHOICES },
  signageBy: { options: SIGNAGE_BY_OPTIONS },
  alternatingCirculationManual: { options: ALTERNATING_TRAFFIC_OPTIONS },
} as const satisfies Readonly<Record<string, CodedField>>;
export type CodedFieldName = keyof typeof VALUE_LABELS;

/** True when the field is stored as a code (see VALUE_LABELS). */
export function isCodedField(field: string): field is CodedFieldName {
  return Object.hasOwn(VALUE_LABELS, field);
}

function labelOf(field: CodedField, value: string | boolean): string {
  const stored = typeof value === 'string' ? (field.aliases?.[value.trim()] ?? value.trim()) : value;
  return field.options.find((option) => option.value === stored)?.label ?? String(stored);
}

/**
 * The printed text of a coded field's value: its label, or the labels of a comma-joined list
 * joined with ', '; '' for nothing. An unknown value is printed as stored (an older code).
 */
export function valueLabel(field: CodedFieldName, value: string | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const coded: CodedField = VALUE_LABELS[field];
  if (coded.list && typeof value === 'string')
    return splitList(value)
      .map((item) => labelOf(coded, item))
      .join(', ');
  return labelOf(coded, value);
}

/**
 * The labels of a coded field's known values only, joined with ', ': an unknown value — text
 * typed where a code was expected — is left out (what is published, published-text.ts).
 */
export function knownValueLabel(field: CodedFieldName, value: string | null | undefined): string {
  if (!value) return '';
  const coded: CodedField = VALUE_LABELS[field];
  const values = coded.list ? splitList(value) : [value];
  return values
    .map((item) =>
      coded.options.find((option) => option.value === (coded.aliases?.[item.trim()] ?? item.trim())),
    )
    .filter((option): option is CodedOption => option !== undefined)
    .map((option) => option.label)
    .join(', ');
}
