import {
  canUser,
  deadlineStanding,
  IN_SIGNATURE_TOOLTIP,
  isInSignature,
  isStateId,
  listTabOf,
  requestTypeLabel,
  stateName,
  type RequestRow,
} from '@voirie/domain';
import { listAbilities, seesInstructorColumn } from '../policies/request-policy.ts';
import { parisToday } from './french-date.ts';
import type { RequestListRow } from './list-query.ts';
import type { Viewer } from '../policies/visibility.ts';

/** Shown for a request with no instructor (docs/screens.md "Request list"). */
export const UNKNOWN_INSTRUCTOR = 'Inconnu';

/** A list row as the API returns it (the domain's RequestRowSchema). */
export type PresentedRequest = RequestRow;

/** Initials of a person ('Julien Lafitte' -> 'JL'). */
export function initialsOf(firstName: string | null, lastName: string | null): string {
  const letter = (value: string | null) => (value?.trim()[0] ?? '').toUpperCase();
  return `${letter(firstName)}${letter(lastName)}`;
}

/** "12 rue des Pins": number, way type, street name. */
export function locationOf(row: Pick<RequestListRow, 'addressNum' | 'addressType' | 'addressName'>): string {
  return [row.addressNum, row.addressType, row.addressName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * A list row as the list screen shows it, with what the viewer may do on it; its legal deadline
 * counted from `today` (the Paris day, today by default: a list passes the day its filter used).
 */
export function presentRequest(
  row: RequestListRow,
  { viewer, today = parisToday() }: { viewer: Viewer; today?: string },
): PresentedRequest {
  const known = isStateId(row.stateId);
  const standing = row.clockDeadlineOn ? deadlineStanding(row.clockDeadlineOn, today) : null;
  // Signing is the instruction's business (docs/workflow.md "Who may do what"): other
  // viewers read the plain state, 'Transférée pour instruction', without the signing flag.
  const sendToSign = row.sendToSign && canUser(viewer, 'instructRequests');
  const name = known ? stateName(row.stateId as Parameters<typeof stateName>[0], sendToSign) : 'Inconnu';
  const instructorColumn = seesInstructorColumn(viewer);
  return {
    id: row.id,
    publicId: row.publicId,
    type: row.type,
    typeLabel: requestTypeLabel(row),
    alignementId: row.alignmentId,
    stateId: row.stateId,
    state: { id: row.stateId, name },
    sendToSign,
    stateTooltip: isInSignature({ stateId: row.stateId, sendToSign }) ? IN_SIGNATURE_TOOLTIP : name,
    // The tabs are the staff's (docs/screens.md "Request list"): the tab of a request in
    // signature would tell others what `sendToSign` hides.
    tab:
      known && canUser(viewer, 'seeStatusTabs')
        ? listTabOf(row.stateId as Parameters<typeof stateName>[0], row.sendToSign).id
        : null,
    instructeurId: instructorColumn ? row.instructeurId : null,
    instructeurInitials: instructorColumn
      ? row.instructeurId === null
        ? UNKNOWN_INSTRUCTOR
        : initialsOf(row.instructeurFirstName, row.instructeurLastName) || UNKNOWN_INSTRUCTOR
      : null,
    location: locationOf(row),
    addressNum: row.addressNum,
    addressType: row.addressType,
    addressName: row.addressName,
    demandeurPrenom: row.demandeurPrenom,
    demandeurNom: row.demandeurNom,
    demandeurCorporation: row.demandeurCorporation,
    demandeurCorporationAgent: row.demandeurCorporationAgent,
    numaffaire: row.numaffaire,
    addressCity: row.addressCity,
    depositDate: iso(row.depositDate),
    dateStart: row.dateStart,
    dateEnd: row.dateEnd,
    deadlineOn: row.clockDeadlineOn,
    daysLeft: standing?.daysLeft ?? null,
    deadlineStatus: standing?.status ?? null,
    abilities: listAbilities(viewer, row),
  };
}
