import { useState } from 'react';
import { usePhotoPositions } from './photo-position';

/**
 * The values of a works dialog that sends photos with its form (the reception's outcome, the road
 * disturbance report) and their errors. A change clears the errors of the fields it changes and,
 * when it brings photos, asks where the device is: the server keeps it beside them (else their EXIF).
 */
export function usePhotoReportDraft<TValues extends { photos: File[] }>(initial: () => TValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof TValues, string>>>({});
  const where = usePhotoPositions<'photo'>();
  const change = (changes: Partial<TValues>) => {
    if (changes.photos?.length) where.locate('photo');
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key in changes) delete next[key];
      return next;
    });
  };
  const clear = () => {
    setValues(initial());
    setErrors({});
  };
  return { values, errors, setErrors, change, clear, positions: where.positions };
}
