export { CHOIX_FORMS, isChoixForm, UPDATE_HEADING, WIZARD_HEADINGS } from './model/wizard-headings';
export type { ChoixForm } from './model/wizard-headings';
