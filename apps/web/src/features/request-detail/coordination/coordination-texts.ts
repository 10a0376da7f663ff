import { formatDateFr, parisDateTime } from '@voirie/domain';

// The French words of the coordination of works on the request's page and in the decision
// dialog (docs/coordination.md).

const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);

export const COORDINATION_TEXTS = {
  heading: 'Coordination des travaux',
  search: 'Rechercher les conflits',
  searching: 'Recherche en cours…',
  loading: 'Recherche des conflits…',
  failed: "La recherche des conflits n'a pas pu être faite.",
  rule: (distance: number, years: number) =>
    `Autres permissions en vigueur ou en instruction à moins de ${String(distance)} m dont les dates de travaux se chevauchent, et voies refaites depuis moins de ${String(years)} ans.`,
  none: 'Aucun conflit : aucune autre permission proche dont les travaux se chevauchent.',
  caption: (count: number) =>
    `${String(count)} ${plural(count, 'autre chantier en conflit', 'autres chantiers en conflit')}`,
  columns: {
    request: 'Demande n°',
    dates: 'Dates des travaux',
    distance: 'Distance (m)',
    overlap: 'Chevauchement (jours)',
    state: 'État',
  },
  requestLink: (id: number) => `Demande n° ${String(id)}`,
  dates: (start: string, end: string) =>
    start === end ? `le ${formatDateFr(start)}` : `du ${formatDateFr(start)} au ${formatDateFr(end)}`,
  distance: (metres: number) => metres.toLocaleString('fr-FR', { maximumFractionDigits: 1 }),
  resurfacingsHeading: 'Réfections récentes à proximité',
  limited: (max: number) =>
    `Seuls les ${String(max)} chantiers les plus proches et les ${String(max)} réfections les plus récentes sont affichés.`,
  resurfacing: (label: string, day: string, metres: number) =>
    `${label}, refaite le ${formatDateFr(day)} (à ${metres.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} m)`,
  checksLabel: 'Recherches enregistrées',
  check: (label: string, at: string, count: number, by: string | null) =>
    `${label} : ${parisDateTime(at)}${by ? `, par ${by}` : ''} — ${String(count)} ${plural(count, 'conflit', 'conflits')}`,
  // The map's legend and popups
  legend: 'Légende de la carte',
  legendRequest: 'Emprise de la demande',
  legendConflict: 'Autres travaux en conflit',
  legendResurfacing: 'Voie refaite récemment',
  conflictPopup: (id: number) => `Demande n° ${String(id)} (travaux en conflit)`,
  // The decision dialog
  warningTitle: 'Travaux en conflit',
  warning: (count: number) =>
    `Cette demande est en conflit avec ${String(count)} ${plural(count, 'autre chantier', 'autres chantiers')} : une décision favorable devrait prévoir leur coordination.`,
  resurfacingWarning: (day: string, years: number) =>
    `La voie a été refaite le ${formatDateFr(day)}, il y a moins de ${String(years)} ans : un refus de mise au calendrier n'a pas à être motivé (Code de la voirie routière, L115-1).`,
  conflictLine: (id: number, start: string, end: string, metres: number, days: number) =>
    `Demande n° ${String(id)}, travaux ${start === end ? `le ${formatDateFr(start)}` : `du ${formatDateFr(start)} au ${formatDateFr(end)}`}, à ${metres.toLocaleString('fr-FR', { maximumFractionDigits: 1 })} m, ${String(days)} ${plural(days, 'jour', 'jours')} en commun`,
  prescription: 'Prescription de coordination',
  prescriptionHint: "Imprimée dans l'arrêté (article 2) lorsqu'elle est remplie.",
  suggest: 'Proposer une prescription',
} as const;
