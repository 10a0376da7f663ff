import { z } from 'zod';
import { text } from './common.ts';

/** Map layer types (docs/data-model.md "Entities"). */
export const MAP_LAYER_TYPES = ['mapserver', 'OSM', 'IGN'] as const;

/** A map layer (`map_layer` table), docs/data-model.md "Entities". */
export const MapLayerSchema = z.object({
  id: z.number().int().optional(),
  layerName: z.string(),
  text: z.string(),
  type: z.enum(MAP_LAYER_TYPES),
  url: z.string(),
  format: text,
  projection: text,
  map: text,
  matrix: text,
  opacity: z.union([z.literal(0.5), z.literal(0.8), z.literal(1)]),
  zindex: z.number().int(),
  checked: z.boolean(),
  baseLayer: z.boolean(),
  attribution: text,
  minZoom: z.number().nullish(),
  maxZoom: z.number().nullish(),
});
export type MapLayer = z.infer<typeof MapLayerSchema>;

/**
 * A consultation of the map (docs/data-model.md "Entities"): id, platau_id, service, grouped under
 * a feature name.
 */
export const ConsultationSchema = z.object({
  id: z.number().int(),
  platau_id: text,
  service: text,
  featureName: text,
});
export type Consultation = z.infer<typeof ConsultationSchema>;
