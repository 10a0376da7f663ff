import { useCallback, useState } from 'react';
import { readMapLayout, writeMapLayout, type MapLayout } from '../model/map-layout';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The map's position on the list, read from and kept in this browser's local storage. */
export function useMapLayout() {
  const [layout, setLayout] = useState<MapLayout>(() => readMapLayout(browserStorage()));
  const choose = useCallback((next: MapLayout) => {
    setLayout(next);
    writeMapLayout(browserStorage(), next);
  }, []);
  return [layout, choose] as const;
}
