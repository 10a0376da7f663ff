// Only what the router needs: the pages are imported by file (each is its own chunk).
export { CHOIX_FORMS, isChoixForm } from './model/choix-form';
export type { ChoixForm } from './model/choix-form';
