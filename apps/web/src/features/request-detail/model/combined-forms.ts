import { cerfa14024Form, isPermissionWithAlignment, type RequestDetail } from '@voirie/domain';
import type { SummaryEntry } from './request-summary';
import { alignmentEntries, entryOf, type DetailGroup } from './works-details';

// What a road permission was filed with besides its works form: the alignment
// request of the same place, and the traffic-police order (cerfa 14024) — shown as filed.

export const COMBINED_TEXTS = {
  alignmentHeading: 'Alignement',
  trafficOrderHeading: 'Arrêté de police de la circulation (cerfa 14024)',
  trafficOrderLink: 'Voir le cerfa 14024 tel que déposé (nouvel onglet)',
} as const;

/** The 14024's sections that hold what the applicant asked (the parties and place are the request's). */
const TRAFFIC_ORDER_SECTIONS = ['travaux', 'reglementation', 'signalisation'];

/** The alignment asked with a permission, its filled fields; null for any other request. */
export function combinedAlignmentEntries(request: RequestDetail): SummaryEntry[] | null {
  const alignment = request.individualAlignmentRequest;
  if (!alignment || !isPermissionWithAlignment({ type: request.type, alignmentId: request.alignementId }))
    return null;
  return alignmentEntries(alignment);
}

/**
 * The traffic-police order filed with the request, by the printed form's sections, filled zones
 * only — the cerfa view's own (stored values, completed from the request); null without one.
 */
export function trafficOrderGroups(request: RequestDetail): DetailGroup[] | null {
  if (!request.cerfa14024) return null;
  return cerfa14024Form(request, request.cerfa14024)
    .sections.filter((section) => TRAFFIC_ORDER_SECTIONS.includes(section.id))
    .map((section) => ({
      title: section.title,
      entries: section.fields.map(entryOf).filter((entry): entry is SummaryEntry => entry !== null),
    }))
    .filter((group) => group.entries.length > 0);
}
