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
 * A consultation of the 'Consultations' map layer (docs/gis-api.md "Consultations"): an outside
 * service consulted on an urban-planning file received through Plat'AU, the national platform,
 * whose identifier is `platau_id`. The layer groups them under one name (the spec's "feature name").
 */
export const ConsultationPropertiesSchema = z.object({
  id: z.number().int(),
  platau_id: z.string(),
  service: z.string(),
});
export type ConsultationProperties = z.infer<typeof ConsultationPropertiesSchema>;

/** What the popup of a consultation says (docs/screens.md "Map"). */
export function consultationPopupLines(consultation: Pick<ConsultationProperties, 'platau_id' | 'service'>) {
  return {
    title: 'Consultation Plat’AU',
    lines: [`Service consulté : ${consultation.service}`, `N° Plat’AU : ${consultation.platau_id}`],
  };
}

/** What an import of consultations did (`POST consultations/import`, docs/gis-api.md). */
export const ConsultationImportResultSchema = z.object({
  read: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  skippedReasons: z.record(z.string(), z.number().int().nonnegative()),
  durationMs: z.number().nonnegative(),
});
export type ConsultationImportResult = z.infer<typeof ConsultationImportResultSchema>;

/** The import's refusals, in French (docs/data-import.md "Consultations"). */
export const CONSULTATION_IMPORT_MESSAGES = {
  platauIdMissing: 'numéro Plat’AU absent (propriété platau_id).',
  serviceMissing: 'service consulté absent (propriété service).',
  tooLong: (what: string, max: number) => `${what} trop long (${String(max)} caractères au plus).`,
  tooManyFeatures:
    'Le fichier compte plus de 5 000 consultations ; importez-le par la commande « npm run import -- consultations FICHIER ».',
  refused: (count: number) =>
    `Import annulé : ${String(count)} entité${count > 1 ? 's' : ''} refusée${count > 1 ? 's' : ''}. Aucune consultation n'a été enregistrée.`,
  fileRefused: (reason: string) => `Import annulé : ${reason} Aucune consultation n'a été enregistrée.`,
} as const;
