import {
  formatDateFr,
  locationDisplay,
  REQUEST_KIND_LABELS,
  stateName,
  type Party,
  type Request,
} from '@voirie/domain';

// The detail screen's texts (spec 2 §2.2) and its summary, as label/value pairs for a <dl>.

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
  summary: 'Résumé de la demande',
  complete: 'Compléter la demande',
  notFound: "Cette demande n'existe pas ou vous n'y avez pas accès.",
  backToList: 'Retour à la liste',
  /** Shown for an empty summary value, announced as such rather than as a lone dash. */
  empty: 'Non renseigné',
  originalLink: (id: number) => `Ouvrir la demande d'origine n°${id} (nouvel onglet)`,
  extensionLink: (id: number) => `Ouvrir la prolongation n°${id} (nouvel onglet)`,
} as const;

/** The page title: an extension request names the request it extends (spec 2 §2.2). */
export function detailHeading(
  request: Pick<Request, 'id' | 'extensionid'> | undefined,
  routeId: string,
): string {
  if (request?.extensionid) return DETAIL_TEXTS.extensionHeading(request.extensionid);
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

/** The summary's rows in the screen's order; empty values are kept so every label is read. */
export function requestSummary(request: Request): SummaryEntry[] {
  return [
    { label: DETAIL_TEXTS.kind, value: REQUEST_KIND_LABELS[request.type] },
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
  ];
}

export interface LinkedRequest {
  id: number;
  label: string;
}

/** The linked request opened in a new tab: the original of an extension, or its extension. */
export function linkedRequest(
  request: Pick<Request, 'extensionid' | 'extensionRequest'>,
): LinkedRequest | null {
  if (request.extensionid)
    return { id: request.extensionid, label: DETAIL_TEXTS.originalLink(request.extensionid) };
  const extension = request.extensionRequest?.id;
  return extension ? { id: extension, label: DETAIL_TEXTS.extensionLink(extension) } : null;
}
