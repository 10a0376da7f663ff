// Only what the router and the request page's model need: the router is in the sign-in page's
// bundle, and re-exporting the print buttons here put them there too. Components by file.
export { CERFA_TYPES, isCerfaType } from './model/cerfa-types';
export type { CerfaType } from './model/cerfa-types';
