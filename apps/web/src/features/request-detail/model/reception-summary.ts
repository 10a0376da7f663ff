import {
  formatDateFr,
  parisDate,
  parisDateTime,
  remedyDelayText,
  type Reception,
  receptionRefusalText,
} from '@voirie/domain';
import type { SummaryEntry } from './request-summary';

// The reception block of the summary (docs/screens.md "Request detail", docs/data-model.md
// "Entities"): what was asked, the appointments, the outcome with the refusal's sentences, the road
// disturbance. Rows without a value are left out: a reception fills in over time.

export const RECEPTION_TEXTS = {
  heading: 'Réception des travaux',
  option: 'Mode de réception',
  appointments: 'Rendez-vous proposés',
  chosen: 'Rendez-vous retenu',
  opinion: 'Avis',
  visit: 'Date de visite',
  refusal: 'Motifs de refus',
  remedyDue: 'Délai pour reprendre les travaux',
  parts: 'Parties du domaine public',
  disturbance: 'Perturbation de voirie',
  disturbanceDeclared: 'Déclarée',
  disturbanceOn: (date: string) => `Déclarée le ${date}`,
  disturbanceBy: (witness: string) => `constatée par ${witness}`,
  disturbanceComment: 'Constat de la perturbation',
} as const;

/** The refusal's reasons as the letters print them; 'autre' is the instructor's own text. */
function refusalSentences(reception: Reception): string {
  return (reception.motifRefus ?? [])
    .map((reason) => receptionRefusalText(reason, reception.motifRefusTxt))
    .filter(Boolean)
    .join(' ');
}

/** 'Déclarée le 02/12/2026, constatée par Jean Martin', as much as is known. */
function disturbanceText(reception: Reception): string {
  if (!reception.roadDisturbance) return '';
  const day = parisDate(reception.disturbanceAt);
  const declared = day ? RECEPTION_TEXTS.disturbanceOn(day) : RECEPTION_TEXTS.disturbanceDeclared;
  return reception.witnessName
    ? `${declared}, ${RECEPTION_TEXTS.disturbanceBy(reception.witnessName)}`
    : declared;
}

export function receptionSummary(reception: Reception): SummaryEntry[] {
  const proposals = [reception.rdv1, reception.rdv2, reception.rdv3].map(parisDateTime);
  const chosen = reception.acceptRdv ? proposals[reception.acceptRdv - 1] : '';
  const rows: SummaryEntry[] = [
    { label: RECEPTION_TEXTS.option, value: reception.option ?? '' },
    { label: RECEPTION_TEXTS.appointments, value: proposals.filter(Boolean).join(' ; ') },
    { label: RECEPTION_TEXTS.chosen, value: chosen ?? '' },
    { label: RECEPTION_TEXTS.opinion, value: reception.avis ?? '' },
    { label: RECEPTION_TEXTS.visit, value: formatDateFr(reception.dateVisite) },
    { label: RECEPTION_TEXTS.refusal, value: refusalSentences(reception) },
    {
      label: RECEPTION_TEXTS.remedyDue,
      // From the signed formal notice's proven notification (docs/acts.md « Formal notice »).
      value: remedyDelayText(reception),
    },
    { label: RECEPTION_TEXTS.parts, value: (reception.partieDomainePublic ?? []).join(', ') },
    { label: RECEPTION_TEXTS.disturbance, value: disturbanceText(reception) },
    {
      label: RECEPTION_TEXTS.disturbanceComment,
      value: reception.roadDisturbance ? (reception.disturbanceComment ?? '') : '',
    },
  ];
  return rows.filter((row) => row.value);
}
