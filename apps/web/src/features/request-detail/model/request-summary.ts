import {
  formatDateFr,
  locationDisplay,
  REQUEST_KIND_LABELS,
  STATE,
  stateName,
  type Request,
} from '@voirie/domain';

// What the request page shows until the full detail screen (spec 2) is built.

export const DETAIL_TEXTS = {
  heading: (id: number | string) => `Demande n°${id}`,
  kind: 'Type de demande',
  state: 'État',
  depositDate: 'Date de dépôt',
  address: 'Adresse des travaux',
  complete: 'Compléter la demande',
  notFound: "Cette demande n'existe pas ou vous n'y avez pas accès.",
  backToList: 'Retour aux dossiers',
} as const;

export interface RequestSummary {
  kind: string;
  state: string;
  depositDate: string;
  address: string;
}

export function requestSummary(request: Request): RequestSummary {
  const street = locationDisplay(request);
  const town = [request.addressPostalCode, request.addressCity].filter(Boolean).join(' ');
  return {
    kind: REQUEST_KIND_LABELS[request.type],
    state: request.state?.name ?? stateName(request.stateId, request.sendToSign),
    depositDate: formatDateFr(request.depositDate),
    address: [street, town].filter(Boolean).join(', '),
  };
}

/** 'Compléter la demande' is offered to the request's owner while it is in completeness (state 8). */
export function canComplete(request: Request, viewerId: number | null | undefined): boolean {
  return (
    request.stateId === STATE.COMPLETENESS_REQUESTED &&
    viewerId !== undefined &&
    request.stdUserId === viewerId
  );
}
