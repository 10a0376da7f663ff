// The router is in the sign-in page's bundle: it takes only the type check and the page loader
// from here, and the bundler leaves the print buttons (the request page's) out of it
// (apps/web/package.json declares the sources free of side effects).
export { CERFA_TYPES, isCerfaType } from './model/cerfa-types';
export type { CerfaType } from './model/cerfa-types';
export { CerfaPrintButtons } from './components/cerfa-print-buttons';
export { cerfaPages } from './pages';
