// Only what the router needs: the pages are imported by file (each is its own chunk).
export { isChoixForm } from './model/choix-form';
