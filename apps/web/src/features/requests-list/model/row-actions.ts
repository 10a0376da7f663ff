import { LIST_TABS, type RequestListItem } from '@voirie/domain';

/**
 * What the API says the viewer may do with a row. Read as a record of flags
 * (`{ cancel: true }`) or a list of action names (`['cancel']`).
 */
export type RowAbilities = Readonly<Record<string, boolean | undefined>> | readonly string[];

/** A row of `GET request`: the list item, its opaque id for the web route, and the viewer's abilities. */
export interface RequestRow extends RequestListItem {
  /** Opaque id of the detail route (/dossiers/{publicId}); the numeric id when the API gives none. */
  publicId?: string | null;
  /** The state's hover text: the signature notice in state 3 with sendToSign, else the state name. */
  stateTooltip?: string | null;
  /** 'Inconnu' when no instructor is assigned; null for viewers without the column. */
  instructeurInitials?: string | null;
  /** Number, type and street. */
  location?: string | null;
  abilities?: RowAbilities | null;
}

/** True when the API allows this action on the row. */
export function hasAbility(row: Pick<RequestRow, 'abilities'>, action: string): boolean {
  const abilities = row.abilities;
  if (!abilities) return false;
  if (Array.isArray(abilities)) return (abilities as readonly string[]).includes(action);
  return (abilities as Readonly<Record<string, boolean | undefined>>)[action] === true;
}

/** The detail route's id of a row. */
export function detailId(row: Pick<RequestRow, 'publicId' | 'id'>): string {
  return row.publicId || String(row.id);
}

/**
 * Cancel is offered when the API allows it, except on the En travaux tab (spec 1 §6,
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
