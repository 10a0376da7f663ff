export {
  fetchParcels,
  fetchRoads,
  mapLayersQueryOptions,
  reverseAddress,
  searchAddresses,
} from './api/map-api';
export type { AddressFeature, AddressProperties, ParcelFeature, RoadFeature } from './api/map-api';
export { AddressSearch } from './components/address-search';
export type { AddressSearchProps } from './components/address-search';
export { MapView } from './components/map-view';
export { NearbyShapesPicker } from './components/nearby-shapes-picker';
export type { NearbyShapesPickerProps } from './components/nearby-shapes-picker';
export type { FeaturePopupContent, FeatureSelection, MapFeature, MapFeatureId } from './model/features';
export type { MapFocus, MapViewProps } from './model/map-props';
export { ROAD_LEGEND } from './model/road-palette';
export {
  bboxAround,
  centerOf,
  describeShapes,
  drawKindsFor,
  EMPTY_SHAPES,
  hasShapes,
  toGeometryCollection,
} from './model/shapes';
export type { Bbox, DrawKind, LonLat } from './model/shapes';
