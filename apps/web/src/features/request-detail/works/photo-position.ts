import { PhotoPositionSchema, type PhotoPosition } from '@voirie/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 60_000,
};

/**
 * Where the device is now (EPSG:4326 degrees), or null: no geolocation, refused, too slow. A
 * failure is silent — the photo is sent without a place, and the server reads its EXIF if any.
 */
export function devicePosition(): Promise<PhotoPosition | null> {
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => {
          const parsed = PhotoPositionSchema.safeParse({ lat: coords.latitude, lon: coords.longitude });
          resolve(parsed.success ? parsed.data : null);
        },
        () => resolve(null),
        GEOLOCATION_OPTIONS,
      );
    } catch {
      resolve(null);
    }
  });
}

/**
 * The device's position per file part, asked when a photo is chosen (`locate`) and forgotten
 * when it is removed (`forget`); a late answer for a part chosen again since is ignored.
 */
export function usePhotoPositions<Part extends string>() {
  const [positions, setPositions] = useState<Partial<Record<Part, PhotoPosition>>>({});
  const asked = useRef(new Map<Part, number>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const forget = useCallback((part: Part) => {
    asked.current.set(part, (asked.current.get(part) ?? 0) + 1);
    setPositions((current) => {
      const next = { ...current };
      delete next[part];
      return next;
    });
  }, []);
  const locate = useCallback(
    (part: Part) => {
      forget(part);
      const ticket = asked.current.get(part);
      void devicePosition().then((position) => {
        if (!position || !mounted.current || asked.current.get(part) !== ticket) return;
        setPositions((current) => ({ ...current, [part]: position }));
      });
    },
    [forget],
  );
  const clear = useCallback(() => {
    for (const part of asked.current.keys()) asked.current.set(part, (asked.current.get(part) ?? 0) + 1);
    setPositions({});
  }, []);
  return { positions, locate, forget, clear };
}
