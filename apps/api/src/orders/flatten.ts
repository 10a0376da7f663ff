import {
  isAlignmentKind,
  REQUEST_KIND_LABELS,
  publishedTown,
  trafficOrderForm,
  type ActKind,
  type ReferencePlace,
  type RequestKind,
} from '@voirie/domain';
import { frenchDate } from '../requests/french-date.ts';
import { annexRows, decisionFields, worksNature } from './flatten-decision.ts';
import { addressRow, locationLine, partiesFields, streetLine } from './flatten-parties.ts';
import { trafficFields } from './flatten-traffic.ts';
import { fieldText, formFields, frenchValue, record, type OrderDetail, type Row } from './flatten-values.ts';
import { joined, text } from '../requests/printed-text.ts';

// The merge source of the orders and letters (docs/workflow.md "Transitions": "flattened request
// data plus slave data for secondary addresses"): every value a string as it is printed in French — dates
// DD/MM/YYYY, booleans Oui/Non, decimals with a comma, codes by their labels, missing values ''.
// The field names are documented in docs/templates.md; an administrator's template depends on
// them: keep them.

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
  detail: OrderDetail;
  rues: readonly AlignmentStreet[];
  destinataires: readonly OrderRecipient[];
  /** Where the works are, from the reference data (the published traffic order's place). */
  place: ReferencePlace;
  /** Who signs the order (docs/acts.md « Signatory »); absent: its fields are empty. */
  signatory?: { firstName: string | null; lastName: string | null; jobTitle: string | null };
}

/** What docxtemplater merges: flat strings plus the loops (adresses, rues with points, destinataires…). */
export interface MergeData {
  [field: string]: string | MergeData[];
}

function streetRows(rues: readonly AlignmentStreet[]): MergeData[] {
  return rues.map((street) => ({
    nom: text(street.name),
    competence: fieldText('competence', street.competence),
    points: street.points.map((point) => ({
      nom: text(point.name),
      type: text(point.type),
      distance: frenchValue(point.distance),
    })),
  }));
}

/**
 * True when `act` is the alignment asked with a permission: it has its own decision and comment,
 * and the decision's annexes stay with the request's own order.
 */
function isOtherAct(kind: number, act: ActKind | undefined): boolean {
  return act === 'alignment' && !isAlignmentKind(kind);
}

/**
 * The request's reference and dates as every act prints them: its number, case, deposit,
 * milestones; and its signatory's first name, surname and « Fonction » (CRPA L212-1).
 */
function headerFields(source: OrderSource, today: Date): Row {
  const { detail, signatory } = source;
  const milestone = (a: unknown, b: unknown) => joined('+', a, b);
  return {
    signataire_prenom: text(signatory?.firstName),
    signataire_nom: text(signatory?.lastName),
    signataire_fonction: text(signatory?.jobTitle),
    numero: text(detail.id),
    numero_affaire: text(detail.numaffaire),
    date_depot: frenchDate(detail.depositDate),
    date_du_jour: frenchDate(today),
    pr_debut: milestone(detail.milestoneStart1, detail.milestoneStart2),
    pr_fin: milestone(detail.milestoneEnd1, detail.milestoneEnd2),
  };
}

/**
 * The merge data of the traffic-police order, published once signed (ADR
 * 0010): its own fields only — the request's reference and dates, the member town, the
 * `circulation_…` fields — so that no template, default or edited, can print a party, an
 * address, a recipient or a text the applicant typed.
 */
function publishedTrafficOrder(source: OrderSource, today: Date): MergeData {
  const { detail, place } = source;
  return {
    ...headerFields(source, today),
    commune: publishedTown(place, text(detail.addressCity))?.name ?? '',
    ...trafficFields(detail, place),
  };
}

/**
 * The merge data of a request: the flat fields, the secondary addresses (`adresses`), the
 * alignment's streets and points (`rues`), the order's recipients (`destinataires`) and the
 * decision's annexes (`annexes`). `today` is the date printed as the order's date (given, so
 * that this stays pure). `act`: which of the request's acts is merged (acts.ts) — the request's
 * own by default; the alignment asked with a permission prints the alignment's decision; the
 * traffic order, published, its own fields only.
 */
export function flattenRequest(source: OrderSource, today: Date, options: { act?: ActKind } = {}): MergeData {
  if (options.act === 'traffic') return publishedTrafficOrder(source, today);
  const kind = Number(source.detail.type);
  const other = isOtherAct(kind, options.act);
  // The request's comment and annexes are its own decision's.
  const detail = other ? { ...source.detail, commentDecision: null, doAnnexe: false } : source.detail;
  const cerfa = record(detail.cerfa1402301);
  const alignment = record(detail.individualAlignmentRequest);
  const operator = record(detail.operator);
  const recipients = source.destinataires.map((recipient) => ({
    nom: text(recipient.name) || recipient.mail,
    mail: recipient.mail,
  }));
  const annexes = annexRows(detail);
  const parties = partiesFields(record(detail.petitioner), record(detail.beneficiary));
  const fields: Row = {
    ...formFields('cerfa', cerfa),
    ...formFields('alignement', alignment),
    // The request's 14024 as filed and completed: for the acts that are not published.
    ...formFields('circulation', detail.cerfa14024 ? trafficOrderForm(detail) : null),
    ...headerFields({ ...source, detail }, today),
    reference: text(detail.reference),
    type_demande: REQUEST_KIND_LABELS[kind as RequestKind] ?? '',
    date_debut: frenchDate(detail.dateStart),
    date_fin: frenchDate(detail.dateEnd),
    nombre_jours: frenchValue(detail.numberDays),
    ...parties,
    adresse: streetLine(detail),
    code_postal: text(detail.addressPostalCode),
    commune: text(detail.addressCity),
    lieu_dit: text(detail.place),
    localisation: locationLine(detail),
    parcelles: text(detail.plotNumbers),
    sections: text(detail.sections),
    type_voie: fieldText('wayType', detail.wayType),
    numero_voie: text(detail.wayNum),
    en_agglomeration: frenchValue(detail.inUrban),
    projet: text(detail.project),
    operateur: text(operator?.libelle),
    nature_travaux: worksNature(cerfa),
    ...decisionFields(options.act === 'alignment' ? 2 : kind, cerfa, alignment, detail),
    ...trafficFields(detail, source.place),
    annexes_liste: annexes.map((annex) => `Annexe ${annex.numero} : ${annex.nom}`).join(' ; '),
    destinataires_liste: recipients
      .map((recipient) =>
        recipient.nom === recipient.mail ? recipient.mail : `${recipient.nom} <${recipient.mail}>`,
      )
      .join(', '),
  };
  const adresses = (Array.isArray(detail.adresses) ? detail.adresses : []).map((address) =>
    addressRow(record(address) ?? {}),
  );
  return {
    ...fields,
    adresses,
    rues: streetRows(source.rues),
    destinataires: recipients,
    annexes,
  };
}
