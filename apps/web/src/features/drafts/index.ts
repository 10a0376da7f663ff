// What the filing wizard needs of the drafts (the page is imported by file by the router).
export { draftQueryOptions, DRAFTS_KEY, saveDraft } from './api/drafts-api';
export { DRAFTS_TEXTS, savedTime } from './model/drafts-texts';
