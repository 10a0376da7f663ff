// Coordination of works on the request's page (docs/coordination.md): the section, the
// features and legend of the map, and the query they share.
export { coordinationQueryOptions } from './coordination-api';
export { coordinationFeatures, coordinationPopup } from './coordination-features';
export { CoordinationLegend } from './coordination-legend';
export { CoordinationSection } from './coordination-section';
