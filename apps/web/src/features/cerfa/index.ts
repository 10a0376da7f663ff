export { CERFA_TYPES, isCerfaType } from './model/cerfa-types';
export type { CerfaType } from './model/cerfa-types';
export { CerfaPrintButtons } from './components/cerfa-print-buttons';
export type { CerfaPrintButtonsProps } from './components/cerfa-print-buttons';
