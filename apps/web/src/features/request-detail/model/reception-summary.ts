import { formatDateFr, type Reception } from '@voirie/domain';
import type { SummaryEntry } from './request-summary';

// The reception block of the summary (spec 2 §2.2, §3 Reception): what was asked, the
// appointments, the outcome. Rows without a value are left out: a reception fills in over time.

export const RECEPTION_TEXTS = {
  heading: 'Réception des travaux',
  option: 'Mode de réception',
  appointments: 'Rendez-vous proposés',
  chosen: 'Rendez-vous retenu',
  opinion: 'Avis',
  visit: 'Date de visite',
  refusal: 'Motifs de refus',
  parts: 'Parties du domaine public',
  disturbance: 'Perturbation de voirie',
  disturbanceDeclared: 'Déclarée',
} as const;

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** '01/12/2026 09:30' in Paris time. */
export function formatDateTimeFr(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}

export function receptionSummary(reception: Reception): SummaryEntry[] {
  const proposals = [reception.rdv1, reception.rdv2, reception.rdv3].map(formatDateTimeFr);
  const chosen = reception.acceptRdv ? proposals[reception.acceptRdv - 1] : '';
  const refusal = [...(reception.motifRefus ?? []), reception.motifRefusTxt].filter(Boolean).join(', ');
  const rows: SummaryEntry[] = [
    { label: RECEPTION_TEXTS.option, value: reception.option ?? '' },
    { label: RECEPTION_TEXTS.appointments, value: proposals.filter(Boolean).join(' ; ') },
    { label: RECEPTION_TEXTS.chosen, value: chosen ?? '' },
    { label: RECEPTION_TEXTS.opinion, value: reception.avis ?? '' },
    { label: RECEPTION_TEXTS.visit, value: formatDateFr(reception.dateVisite) },
    { label: RECEPTION_TEXTS.refusal, value: refusal },
    { label: RECEPTION_TEXTS.parts, value: (reception.partieDomainePublic ?? []).join(', ') },
    {
      label: RECEPTION_TEXTS.disturbance,
      value: reception.roadDisturbance ? RECEPTION_TEXTS.disturbanceDeclared : '',
    },
  ];
  return rows.filter((row) => row.value);
}
