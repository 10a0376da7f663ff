import {
  formatDateFr,
  locationDisplay,
  requestTypeLabel,
  stateName,
  type Party,
  type Request,
  type RequestDetail,
} from '@voirie/domain';
import { personName } from './detail-documents';

// The detail screen's texts (docs/screens.md "Request detail") and its summary, as label/value
// pairs for a <dl>.

export const DETAIL_TEXTS = {
  heading: (id: number | string) => `Demande n°${id}`,
  extensionHeading: (extensionId: number | string) => `Prolongation de la demande n°${extensionId}`,
  kind: 'Type de demande',
  state: 'État',
  depositDate: 'Date de dépôt',
  address: 'Adresse des travaux',
  petitioner: 'Demandeur',
  caseNumber: 'Numéro affaire',
  worksStart: 'Début des travaux',
  worksEnd: 'Fin des travaux',
  instructor: 'Instructeur',
  /** Nobody instructs it yet. */
  noInstructor: 'Non désigné',
  operator: 'Opérateur',
  summary: 'Résumé de la demande',
  complete: 'Compléter la demande',
  notFound: "Cette demande n'existe pas ou vous n'y avez pas accès.",
  backToList: 'Retour à la liste',
  /** Shown for an empty summary value, announced as such rather than as a lone dash. */
  empty: 'Non renseigné',
  originalLink: (id: number) => `Ouvrir la demande d'origine n°${id} (nouvel onglet)`,
  extensionLink: (id: number) => `Ouvrir la prolongation n°${id} (nouvel onglet)`,
} as const;

/** What the page reads of a request's links: the API's `linkedRequests`, else the older fields. */
type Linkable = Partial<Pick<RequestDetail, 'linkedRequests' | 'extensionid' | 'extensionRequest'>>;

/** The number of the request an extension extends, or null when it is not an extension. */
function originalIdOf(request: Linkable): number | null {
  return request.linkedRequests?.original?.id ?? request.extensionid ?? null;
}

/** The page title: an extension request names the request it extends (docs/screens.md "Request detail"). */
export function detailHeading(request: (Linkable & { id: number }) | undefined, routeId: string): string {
  const originalId = request ? originalIdOf(request) : null;
  if (originalId) return DETAIL_TEXTS.extensionHeading(originalId);
  return DETAIL_TEXTS.heading(request?.id ?? routeId);
}

export interface SummaryEntry {
  label: string;
  value: string;
}

/** The petitioner: a person's first and last name, or a company and its agent. */
export function petitionerDisplay(party: Party | null | undefined): string {
  if (!party) return '';
  const person = [party.firstName, party.lastName].filter(Boolean).join(' ');
  const company = [party.corporationName, party.corporationAgent].filter(Boolean).join(' - ');
  return party.corporationName ? company : person || company;
}

export function addressDisplay(request: Request): string {
  const town = [request.addressPostalCode, request.addressCity].filter(Boolean).join(' ');
  return [locationDisplay(request), town].filter(Boolean).join(', ');
}

/**
 * The summary's rows in the screen's order; empty values are kept so every label is read. The
 * instructor when the server names it to this viewer (instructors and admins), the operator of
 * a request filed for one.
 */
export function requestSummary(
  request: Request & Pick<Partial<RequestDetail>, 'instructor'>,
): SummaryEntry[] {
  const people: SummaryEntry[] = [];
  if (request.instructor !== undefined)
    people.push({
      label: DETAIL_TEXTS.instructor,
      value: personName(request.instructor) || DETAIL_TEXTS.noInstructor,
    });
  if (request.operator) people.push({ label: DETAIL_TEXTS.operator, value: request.operator.libelle });
  return [
    // « + alignement » for a permission filed with its alignment request.
    {
      label: DETAIL_TEXTS.kind,
      value: requestTypeLabel({ type: request.type, alignmentId: request.alignementId }),
    },
    // stateName gives 'En signature' for state 3 with sendToSign, which state.name does not know.
    {
      label: DETAIL_TEXTS.state,
      value: request.sendToSign
        ? stateName(request.stateId, true)
        : (request.state?.name ?? stateName(request.stateId)),
    },
    { label: DETAIL_TEXTS.depositDate, value: formatDateFr(request.depositDate) },
    { label: DETAIL_TEXTS.address, value: addressDisplay(request) },
    { label: DETAIL_TEXTS.petitioner, value: petitionerDisplay(request.petitioner) },
    { label: DETAIL_TEXTS.caseNumber, value: request.numaffaire ?? '' },
    { label: DETAIL_TEXTS.worksStart, value: formatDateFr(request.dateStart) },
    { label: DETAIL_TEXTS.worksEnd, value: formatDateFr(request.dateEnd) },
    ...people,
  ];
}

export interface LinkedRequestLink {
  id: number;
  /** The page's id: the public id when known, else the number. */
  routeId: string;
  label: string;
}

/**
 * The linked requests opened in a new tab (docs/screens.md "Request detail", docs/workflow.md
 * "Transitions"): an extension's original, and the extension of a request extended (state 10).
 */
export function linkedRequestLinks(request: Linkable): LinkedRequestLink[] {
  const links: LinkedRequestLink[] = [];
  const original = request.linkedRequests?.original;
  const originalId = originalIdOf(request);
  if (originalId)
    links.push({
      id: originalId,
      routeId: original?.publicId ?? String(originalId),
      label: DETAIL_TEXTS.originalLink(originalId),
    });
  const extension = request.linkedRequests?.extension;
  const extensionId = extension?.id ?? request.extensionRequest?.id;
  if (extensionId)
    links.push({
      id: extensionId,
      routeId: extension?.publicId ?? String(extensionId),
      label: DETAIL_TEXTS.extensionLink(extensionId),
    });
  return links;
}
