import { REQUEST_KIND_LABELS, type RequestKind } from '@voirie/domain';
import { DAY_ONLY, frenchDate } from '../requests/french-date.ts';

// The merge source of the orders and letters (spec 2 §4: "flattened request data plus slave
// data for secondary addresses"): every value a string as it is printed in French — dates
// DD/MM/YYYY, booleans Oui/Non, decimals with a comma, missing values ''. The field names are
// documented in docs/templates.md; an administrator's template depends on them: keep them.

export interface AlignmentStreet {
  name: string | null;
  competence: string | null;
  points: { name: string | null; type: string | null; distance: number | null }[];
}

export interface OrderRecipient {
  mail: string;
  name: string | null;
}

/** The request as loadRequestDetail returns it, plus what the detail does not carry. */
export interface OrderSource {
  detail: Record<string, unknown>;
  rues: readonly AlignmentStreet[];
  destinataires: readonly OrderRecipient[];
}

type Row = Record<string, string>;

/** What docxtemplater merges: flat strings plus the loops (adresses, rues with points, destinataires). */
export interface MergeData {
  [field: string]: string | MergeData[];
}

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

const record = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const joined = (separator: string, ...parts: unknown[]) => parts.map(text).filter(Boolean).join(separator);

/** camelCase -> snake_case, the spelling of the generic form fields. */
export const snakeCase = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

/** Every scalar field of a form as `<prefix>_<snake_case>`. */
function formFields(prefix: string, form: Record<string, unknown> | null): Row {
  const fields: Row = {};
  for (const [name, value] of Object.entries(form ?? {})) {
    if (value !== null && typeof value === 'object' && !(value instanceof Date)) continue;
    fields[`${prefix}_${snakeCase(name)}`] = frenchValue(value);
  }
  return fields;
}

/** '12 bis Rue des Pins': number, extension, way type, name. */
const streetLine = (address: Record<string, unknown>) =>
  joined(' ', address.addressNum, address.addressExt, address.addressType, address.addressName);

/** '12 Rue des Pins (lieu-dit), 40130 Capbreton'. */
function locationLine(address: Record<string, unknown>): string {
  const street = joined(' ', streetLine(address), text(address.place) ? `(${text(address.place)})` : '');
  return joined(', ', street, joined(' ', address.addressPostalCode, address.addressCity));
}

/** A party's name: its corporation (with its agent), else title, first and last name. */
export function partyName(party: Record<string, unknown> | null): string {
  if (!party) return '';
  const corporation = text(party.corporationName);
  if (corporation)
    return text(party.corporationAgent)
      ? `${corporation}, représentée par ${text(party.corporationAgent)}`
      : corporation;
  return joined(' ', party.title, party.firstName, party.lastName);
}

function partyFields(prefix: string, party: Record<string, unknown> | null): Row {
  const p = party ?? {};
  return {
    [`${prefix}_nom`]: partyName(party),
    [`${prefix}_societe`]: text(p.corporationName),
    [`${prefix}_siret`]: text(p.corporationSiret),
    [`${prefix}_representant`]: text(p.corporationAgent),
    [`${prefix}_adresse`]: joined(' ', streetLine(p), text(p.place) ? `(${text(p.place)})` : ''),
    [`${prefix}_code_postal`]: text(p.addressPostalCode),
    [`${prefix}_commune`]: text(p.addressCity),
    [`${prefix}_adresse_complete`]: locationLine(p),
    [`${prefix}_email`]: text(p.email),
    [`${prefix}_telephone`]: text(p.phone),
  };
}

function addressRow(address: Record<string, unknown>): Row {
  return {
    adresse: streetLine(address),
    code_postal: text(address.addressPostalCode),
    commune: text(address.addressCity),
    lieu_dit: text(address.place),
    localisation: locationLine(address),
    prescription: text(address.prescription),
  };
}

/** The decision's fields: the form of the kind holds it (the cerfa, or the alignment for kind 2). */
function decisionFields(
  kind: number,
  cerfa: Record<string, unknown> | null,
  alignment: Record<string, unknown> | null,
  detail: Record<string, unknown>,
): Row {
  const form = kind === 2 ? alignment : cerfa;
  const favourable = form?.isFavorable;
  const motifs = joined(', ', cerfa?.decisionAccessMotifsRefus, cerfa?.decisionAccessMotifsRefusOther);
  return {
    decision: favourable === true ? 'Favorable' : favourable === false ? 'Défavorable' : '',
    decision_issue: favourable === true ? 'accordée' : favourable === false ? 'refusée' : '',
    commentaire_decision: text(detail.commentDecision) || text(form?.commentDecision),
    annexe: frenchValue(detail.doAnnexe),
    motifs_refus: motifs,
    motif_demande: text(alignment?.reasonRequestOther) || text(alignment?.reasonRequest),
    date_demande_alignement: frenchDate(alignment?.dateRequest),
    numero_arrete_alignement: text(alignment?.alignmentOrderNumber),
    autorisation_urbanisme: frenchValue(alignment?.autorisationUrba),
    dossier_urbanisme: text(alignment?.dosAutorisationUrba),
    hors_competence: frenchValue(alignment?.decisionHorsCompetence),
    motif_hors_competence:
      alignment?.decisionHorsCompetence === true
        ? 'la voie concernée ne relève pas de la compétence du gestionnaire de la voirie'
        : '',
  };
}

/**
 * The merge data of a request: the flat fields, the secondary addresses (`adresses`), the
 * alignment's streets and points (`rues`) and the order's recipients (`destinataires`).
 * `today` is the date printed as the order's date (given, so that this stays pure).
 */
export function flattenRequest(source: OrderSource, today: Date): MergeData {
  const { detail } = source;
  const kind = Number(detail.type);
  const cerfa = record(detail.cerfa1402301);
  const alignment = record(detail.individualAlignmentRequest);
  const operator = record(detail.operator);
  const milestone = (a: unknown, b: unknown) => joined('+', a, b);
  const recipients = source.destinataires.map((recipient) => ({
    nom: text(recipient.name) || recipient.mail,
    mail: recipient.mail,
  }));
  const fields: Row = {
    ...formFields('cerfa', cerfa),
    ...formFields('alignement', alignment),
    numero: text(detail.id),
    numero_affaire: text(detail.numaffaire),
    reference: text(detail.reference),
    type_demande: REQUEST_KIND_LABELS[kind as RequestKind] ?? '',
    date_depot: frenchDate(detail.depositDate),
    date_debut: frenchDate(detail.dateStart),
    date_fin: frenchDate(detail.dateEnd),
    nombre_jours: frenchValue(detail.numberDays),
    date_du_jour: frenchDate(today),
    ...partyFields('demandeur', record(detail.petitioner)),
    ...partyFields('beneficiaire', record(detail.beneficiary)),
    adresse: streetLine(detail),
    code_postal: text(detail.addressPostalCode),
    commune: text(detail.addressCity),
    lieu_dit: text(detail.place),
    localisation: locationLine(detail),
    parcelles: text(detail.plotNumbers),
    sections: text(detail.sections),
    type_voie: text(detail.wayType),
    numero_voie: text(detail.wayNum),
    en_agglomeration: frenchValue(detail.inUrban),
    pr_debut: milestone(detail.milestoneStart1, detail.milestoneStart2),
    pr_fin: milestone(detail.milestoneEnd1, detail.milestoneEnd2),
    projet: text(detail.project),
    operateur: text(operator?.libelle),
    nature_travaux: text(cerfa?.natureWorkOther) || text(cerfa?.natureWork) || text(cerfa?.themes),
    ...decisionFields(kind, cerfa, alignment, detail),
    destinataires_liste: recipients
      .map((recipient) =>
        recipient.nom === recipient.mail ? recipient.mail : `${recipient.nom} <${recipient.mail}>`,
      )
      .join(', '),
  };
  const adresses = (Array.isArray(detail.adresses) ? detail.adresses : []).map((address) =>
    addressRow(record(address) ?? {}),
  );
  const rues = source.rues.map((street) => ({
    nom: text(street.name),
    competence: text(street.competence),
    points: street.points.map((point) => ({
      nom: text(point.name),
      type: text(point.type),
      distance: frenchValue(point.distance),
    })),
  }));
  return { ...fields, adresses, rues, destinataires: recipients };
}
