import {
  cerfa14023Form,
  formatDateFr,
  isPermissionKind,
  valueLabel,
  type CerfaField,
  type RequestDetail,
} from '@voirie/domain';
import type { SummaryEntry } from './request-summary';

// The request page's place and works sections: the parcels and road segments
// the server reads for the works, and what the applicant filled in the works form — the
// cerfa's own zones and wording (packages/domain/src/cerfa-forms), only those filled in.

export const PLACE_TEXTS = {
  heading: 'Emprise des travaux',
  parcels: 'Parcelles',
  noParcel: 'Aucune parcelle renseignée',
  roads: 'Voies concernées',
  noRoad: "Aucune voie à moins de 30 m de l'emprise dessinée",
  parcel: (parcel: { id: string; section: string | null; numero: string | null; town: string | null }) =>
    parcel.section && parcel.numero
      ? `Section ${parcel.section} n° ${parcel.numero}${parcel.town ? ` — ${parcel.town}` : ''}`
      : parcel.id,
  road: (road: { name: string | null; typevoie: string; numero: string | null }) =>
    [road.numero, road.name].filter(Boolean).join(' ') + ` (${road.typevoie})`,
} as const;

export const WORKS_TEXTS = {
  heading: 'Détails des travaux',
  yes: 'Oui',
  empty: 'Aucun détail des travaux renseigné',
} as const;

/** The 14023's zones that describe the works (the parties, place, dates and signature are elsewhere). */
const WORKS_SECTIONS = [
  'nature',
  'stationnement',
  'dimensions',
  'fosse',
  'alignement',
  'reseaux',
  'tranchees',
  'surface',
  'declarations',
  'contact',
];

/** The alignment's fields, with the wizard's questions (step 2 of kind 2). */
const ALIGNMENT_TITLE = "Demande d'alignement";

export interface DetailGroup {
  title: string;
  entries: SummaryEntry[];
}

/** A filled zone as a label and its value; an empty one gives nothing. */
export function entryOf(field: CerfaField): SummaryEntry | null {
  if (field.kind === 'text') return field.value ? { label: field.label, value: field.value } : null;
  if (field.kind === 'check') return field.checked ? { label: field.label, value: WORKS_TEXTS.yes } : null;
  const checked = field.options.filter((option) => option.checked).map((option) => option.label);
  return checked.length > 0 ? { label: field.label, value: checked.join(', ') } : null;
}

/**
 * The alignment request's filled fields (kind 2's own, or a permission's: docs/api-instruction.md
 * "Acts").
 */
export function alignmentEntries(
  alignment: NonNullable<RequestDetail['individualAlignmentRequest']>,
): SummaryEntry[] {
  return [
    { label: 'Motif de la demande', value: valueLabel('reasonRequest', alignment.reasonRequest) },
    { label: 'Précision du motif', value: alignment.reasonRequestOther ?? '' },
    { label: "Autorisation d'urbanisme", value: valueLabel('autorisationUrba', alignment.autorisationUrba) },
    { label: 'Type de dossier', value: valueLabel('typeDossier', alignment.typeDossier) },
    { label: "N° du dossier d'autorisation d'urbanisme", value: alignment.dosAutorisationUrba ?? '' },
    {
      label: 'Alignement déjà demandé pour ce terrain',
      value: valueLabel('groundAlreadyRequested', alignment.groundAlreadyRequested),
    },
    { label: 'Date de la demande précédente', value: formatDateFr(alignment.dateRequest) },
    { label: "N° de l'arrêté d'alignement", value: alignment.alignmentOrderNumber ?? '' },
  ].filter((entry) => entry.value);
}

function alignmentGroup(request: RequestDetail): DetailGroup[] {
  const alignment = request.individualAlignmentRequest;
  if (!alignment) return [];
  const entries = alignmentEntries(alignment);
  return entries.length > 0 ? [{ title: ALIGNMENT_TITLE, entries }] : [];
}

/**
 * What the applicant filled in about the works, by the form's sections: for a road permission
 * the 14023's works zones (its wording and labels), for an alignment its reason and context.
 */
export function worksDetails(request: RequestDetail): DetailGroup[] {
  if (!isPermissionKind(request.type)) return alignmentGroup(request);
  return cerfa14023Form(request)
    .sections.filter((section) => WORKS_SECTIONS.includes(section.id))
    .map((section) => ({
      title: section.title,
      entries: section.fields.map(entryOf).filter((entry): entry is SummaryEntry => entry !== null),
    }))
    .filter((group) => group.entries.length > 0);
}
