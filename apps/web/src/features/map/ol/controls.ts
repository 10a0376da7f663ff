import { Attribution, ScaleLine } from 'ol/control';
import type Control from 'ol/control/Control';

/**
 * The map's own controls: the attributions always shown (the towns' attribution must be
 * visible wherever the data is shown) and a metric scale. Zoom and the tools are React buttons
 * beside the map, with French accessible names.
 */
export function createControls(): Control[] {
  return [new Attribution({ collapsible: false, collapsed: false }), new ScaleLine({ units: 'metric' })];
}
