export { reverseAddress } from './api/map-api';
export type { AddressFeature } from './api/map-api';
export { AddressSearch } from './components/address-search';
export { MapView } from './components/map-view';
export { NearbyShapesPicker } from './components/nearby-shapes-picker';
export type { FeaturePopupContent, FeatureSelection, MapFeature, MapFeatureId } from './model/features';
export type { MapFocus, MapViewProps } from './model/map-props';
export { centerOf, drawKindsFor, hasShapes } from './model/shapes';
export { TONE_COLORS } from './model/tones';
