import { ConsultationPropertiesSchema, consultationPopupLines } from '@voirie/domain';
import type { FeaturePopupContent } from './features';
import type { LocalLayerKind } from './layer-kind';

// What a click on a feature of an overlay says (docs/screens.md "Map"): the Plat'AU consultations
// name their service and their number. Pure, so that it is tested without a canvas.

/** The popup of an overlay's feature, from its GeoJSON properties; null when the layer has none. */
export function layerFeaturePopup(kind: LocalLayerKind, properties: object): FeaturePopupContent | null {
  if (kind !== 'consultations') return null;
  const consultation = ConsultationPropertiesSchema.safeParse(properties);
  return consultation.success ? consultationPopupLines(consultation.data) : null;
}
