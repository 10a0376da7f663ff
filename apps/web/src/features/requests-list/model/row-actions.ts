import { LIST_TABS, type RequestRow } from '@voirie/domain';

/** A row of `GET request`, as the API's response schema declares it (RequestRowSchema). */
export type { RequestRow };

/** True when the API allows this action on the row (its `abilities`, decided by the server). */
export function hasAbility(
  row: Pick<RequestRow, 'abilities'>,
  action: keyof RequestRow['abilities'],
): boolean {
  return row.abilities[action];
}

/** The detail route's id of a row. */
export function detailId(row: Pick<RequestRow, 'publicId' | 'id'>): string {
  return row.publicId || String(row.id);
}

/**
 * Cancel is offered when the API allows it, except on the En travaux tab (docs/workflow.md "Who may do what",
 * LIST_TABS.allowsCancel).
 */
export function canCancelFromList(row: Pick<RequestRow, 'abilities'>, tab: number | undefined): boolean {
  const listTab = tab === undefined ? undefined : LIST_TABS.find((candidate) => candidate.id === tab);
  if (listTab && !listTab.allowsCancel) return false;
  return hasAbility(row, 'cancel');
}

/** Locating is offered when the API allows it (false in state 1 or without geometry). */
export function canLocate(row: Pick<RequestRow, 'abilities'>): boolean {
  return hasAbility(row, 'locate');
}
