// Where the list's map sits: folded away, so the table starts at the top of
// the page, or beside the table. A preference of this browser, kept in local storage.

export const MAP_LAYOUTS = ['folded', 'beside'] as const;
export type MapLayout = (typeof MAP_LAYOUTS)[number];

export const MAP_LAYOUT_TEXTS = {
  group: 'Position de la carte',
  folded: 'Carte repliée',
  beside: 'Carte à côté',
} as const;

/** The local storage key of the choice. */
export const MAP_LAYOUT_KEY = 'requestsMapLayout';

/** Folded until the user puts the map beside the table: every column fits at 1366 px. */
export const DEFAULT_MAP_LAYOUT: MapLayout = 'folded';

function isMapLayout(value: unknown): value is MapLayout {
  return (MAP_LAYOUTS as readonly unknown[]).includes(value);
}

/** The remembered choice, or the default (no storage, or a value from elsewhere). */
export function readMapLayout(storage: Pick<Storage, 'getItem'> | undefined): MapLayout {
  try {
    const stored = storage?.getItem(MAP_LAYOUT_KEY);
    return isMapLayout(stored) ? stored : DEFAULT_MAP_LAYOUT;
  } catch {
    // Storage refused (private mode, policy): the default.
    return DEFAULT_MAP_LAYOUT;
  }
}

/** Remembers the choice; a storage that refuses only loses the memory, never the choice. */
export function writeMapLayout(storage: Pick<Storage, 'setItem'> | undefined, layout: MapLayout): void {
  try {
    storage?.setItem(MAP_LAYOUT_KEY, layout);
  } catch {
    // Nothing to do: the page keeps the choice until it is left.
  }
}
