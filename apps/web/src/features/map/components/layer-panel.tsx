import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { MapLayer } from '@voirie/domain';
import { ROAD_LEGEND } from '../model/road-palette';

export interface LayerPanelProps {
  idPrefix: string;
  baseLayers: readonly MapLayer[];
  overlays: readonly MapLayer[];
  baseLayer: string | null;
  visibleOverlays: ReadonlySet<string>;
  onBaseLayerChange: (layerName: string) => void;
  onOverlayToggle: (layerName: string, visible: boolean) => void;
  /** Shows the roads legend (when a roads layer exists). */
  showRoadLegend: boolean;
}

/** The base-layer switch (radio group), the overlay toggles (checkboxes) and the roads legend. */
export function LayerPanel({
  idPrefix,
  baseLayers,
  overlays,
  baseLayer,
  visibleOverlays,
  onBaseLayerChange,
  onOverlayToggle,
  showRoadLegend,
}: LayerPanelProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
      {baseLayers.length > 0 && (
        <FormControl component="fieldset">
          <FormLabel component="legend" id={`${idPrefix}-base-label`}>
            Fond de carte
          </FormLabel>
          <RadioGroup
            aria-labelledby={`${idPrefix}-base-label`}
            name={`${idPrefix}-base`}
            value={baseLayer ?? ''}
            onChange={(event) => onBaseLayerChange(event.target.value)}
          >
            {baseLayers.map((row) => (
              <FormControlLabel
                key={row.layerName}
                value={row.layerName}
                control={<Radio size="small" />}
                label={row.text}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {overlays.length > 0 && (
        <FormControl component="fieldset">
          <FormLabel component="legend">Couches</FormLabel>
          <FormGroup>
            {overlays.map((row) => (
              <FormControlLabel
                key={row.layerName}
                control={
                  <Checkbox
                    size="small"
                    checked={visibleOverlays.has(row.layerName)}
                    onChange={(event) => onOverlayToggle(row.layerName, event.target.checked)}
                  />
                }
                label={row.text}
              />
            ))}
          </FormGroup>
        </FormControl>
      )}
      {showRoadLegend && (
        <Box>
          <Typography component="p" variant="subtitle2" id={`${idPrefix}-legend`}>
            Légende des voies
          </Typography>
          <Box component="ul" aria-labelledby={`${idPrefix}-legend`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {ROAD_LEGEND.map((entry) => (
              <Box
                component="li"
                key={entry.label}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
              >
                <svg width="28" height="10" aria-hidden="true" focusable="false">
                  <line
                    x1="0"
                    y1="5"
                    x2="28"
                    y2="5"
                    stroke={entry.color}
                    strokeWidth={entry.dashed ? 2 : 3}
                    strokeDasharray={entry.dashed ? '6 4' : undefined}
                  />
                </svg>
                <Typography variant="body2">{entry.label}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
