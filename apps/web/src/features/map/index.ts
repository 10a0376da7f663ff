export { reverseAddress } from './api/map-api';
export type { AddressFeature } from './api/map-api';
export { AddressSearch } from './components/address-search';
export { MapView } from './components/map-view';
export { NearbyShapesPicker } from './components/nearby-shapes-picker';
export type { FeatureTiles } from './model/feature-tiles';
export type {
  FeatureDetails,
  FeaturePopupContent,
  FeatureSelection,
  MapFeature,
  MapFeatureId,
  MapFeatureProperties,
} from './model/features';
export type { MapFocus, MapViewProps } from './model/map-props';
export { centerOf, drawKindsFor, hasShapes } from './model/shapes';
export { TONE_COLORS } from './model/tones';
