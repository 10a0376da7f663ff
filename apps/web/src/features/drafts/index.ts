// What the filing wizard needs of the drafts, and the router's page loader.
export { draftQueryOptions, DRAFTS_KEY, saveDraft } from './api/drafts-api';
export { DRAFTS_TEXTS } from './model/drafts-texts';
export { draftsPages } from './pages';
