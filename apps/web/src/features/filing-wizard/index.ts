// Only what the router needs (the page loaders below keep each page in its own chunk).
export { isChoixForm } from './model/choix-form';
export { filingWizardPages } from './pages';
