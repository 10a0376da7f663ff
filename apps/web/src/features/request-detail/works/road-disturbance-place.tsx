import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useId, useMemo, useState } from 'react';
import { MapView, type MapFocus } from '../../map';
import {
  DISTURBANCE_TEXTS,
  formatCoordinate,
  lastDrawnPoint,
  placeShapes,
  typedPoint,
  type ReportErrors,
  type ReportValues,
} from './road-disturbance-form';

const POINT_ONLY = ['Point'] as const;

export interface DisturbancePlaceProps {
  values: Pick<ReportValues, 'lat' | 'lon'>;
  errors: Pick<ReportErrors, 'lat' | 'lon'>;
  onChange: (place: { lat: string; lon: string }) => void;
  /** The request's own place (`[lon, lat]`), offered as a keyboard alternative and shown first. */
  requestPoint: readonly [number, number] | null;
}

/**
 * Where the disturbance was seen: a point drawn on the map, or — without a pointer — the
 * request's own place, or a typed latitude and longitude (RGAA: an alternative to drawing).
 */
export function DisturbancePlace({ values, errors, onChange, requestPoint }: DisturbancePlaceProps) {
  const ids = { lat: useId(), lon: useId() };
  const [focus, setFocus] = useState<MapFocus | null>(() => (requestPoint ? { lonLat: requestPoint } : null));
  const { lat, lon } = values;
  // The same drawing while the place is unchanged: a new one would be drawn again on the map.
  const shapes = useMemo(() => placeShapes(typedPoint({ lat, lon })), [lat, lon]);
  const pick = (lonLat: readonly [number, number]) =>
    onChange({ lat: formatCoordinate(lonLat[1]), lon: formatCoordinate(lonLat[0]) });
  const error = errors.lat ?? errors.lon;
  return (
    <FormControl component="fieldset" required error={Boolean(error)} sx={{ display: 'grid', gap: 1 }}>
      <FormLabel component="legend">{DISTURBANCE_TEXTS.place}</FormLabel>
      <FormHelperText error={false} sx={{ m: 0 }}>
        {DISTURBANCE_TEXTS.placeHint}
      </FormHelperText>
      <MapView
        ariaLabel={DISTURBANCE_TEXTS.mapLabel}
        drawKinds={POINT_ONLY}
        shapes={shapes}
        onShapesChange={(next) => {
          const drawn = lastDrawnPoint(next);
          if (drawn) pick(drawn);
          else onChange({ lat: '', lon: '' });
        }}
        focus={focus}
        height={280}
      />
      {requestPoint && (
        <Box>
          <Button
            variant="outlined"
            onClick={() => {
              pick(requestPoint);
              setFocus({ lonLat: requestPoint });
            }}
          >
            {DISTURBANCE_TEXTS.useRequestPoint}
          </Button>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          id={ids.lat}
          label={DISTURBANCE_TEXTS.latitude}
          required
          value={lat}
          onChange={(event) => onChange({ lat: event.target.value, lon })}
          error={Boolean(errors.lat)}
          helperText={errors.lat}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          id={ids.lon}
          label={DISTURBANCE_TEXTS.longitude}
          required
          value={lon}
          onChange={(event) => onChange({ lat, lon: event.target.value })}
          error={Boolean(errors.lon)}
          helperText={errors.lon && errors.lon !== errors.lat ? errors.lon : undefined}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
    </FormControl>
  );
}
