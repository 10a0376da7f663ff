import { UI_LIMITS } from './map-settings.ts';

// The notices (toasts) of the web app (docs/screens.md "Notices and errors", docs/constants.md
// "Document types"): how long each stays, and the words of the document failures.

/** What a notice is about: the documents the portal drafts (orders, letters, templates), or anything else. */
export type NoticeTopic = 'document' | 'general';

/**
 * How long a notice stays (docs/constants.md "Limits and timings": 'Error toast 5000 ms for
 * template and letter errors, other toasts 3000 ms'): an error about an order, a letter or a
 * template 5 s, any other 3 s.
 */
export function noticeDurationMs(notice: { severity: string; topic?: NoticeTopic }): number {
  return notice.severity === 'error' && notice.topic === 'document'
    ? UI_LIMITS.errorToastMs
    : UI_LIMITS.toastMs;
}

/** A new window the browser refused to open: a template, a cerfa, an editor page (docs/screens.md). */
export const POPUP_BLOCKED_MESSAGE = "Impossible d'ouvrir une nouvelle fenêtre.";

/**
 * A failed call on an order or a letter (docs/screens.md "Notices and errors"), with the server's
 * message.
 */
export function letterFailureMessage(message: string): string {
  return `Erreur lors de l'ouverture du courrier : ${message}`;
}

/**
 * A template that cannot be opened (docs/templates.md "The Templates screen", docs/screens.md
 * "Notices and errors"), with the server's message.
 */
export function templateFailureMessage(message: string): string {
  return `Erreur lors de l'ouverture du modèle : ${message}`;
}
