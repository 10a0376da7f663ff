export { CERFA_TYPES, isCerfaType } from './model/cerfa-types';
export type { CerfaType } from './model/cerfa-types';
