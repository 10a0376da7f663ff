import { z } from 'zod';
import { letterFailureMessage, POPUP_BLOCKED_MESSAGE } from './notices.ts';

// Editing a generated order or letter in the portal (docs/api-instruction.md "Editing in the
// portal", ADR 0016): the spec's `onlyoffice/{documentId}` editor page, for the order, the formal
// notice (106), the reception minutes (108) and the road-disturbance minutes.

/** Which editor opens a document: the portal's own, or an ONLYOFFICE Document Server when configured. */
export const DOCUMENT_EDITORS = ['portal', 'onlyoffice'] as const;
export type DocumentEditorKind = (typeof DOCUMENT_EDITORS)[number];

/**
 * The ONLYOFFICE editor: its page (`GET document/{id}/onlyoffice`, HTML) loads the Document
 * Server's api.js with the signed configuration; the portal opens it in a new window.
 */
export const OnlyofficeEditorSchema = z.object({ pageUrl: z.string() });
export type OnlyofficeEditor = z.infer<typeof OnlyofficeEditorSchema>;

/** `GET document/{id}/editor`: the document an editor opens, and which editor. */
export const DocumentEditorSchema = z.object({
  documentId: z.number().int(),
  requestId: z.number().int(),
  /** The DOCX's file name (`arrete-12.docx`). */
  name: z.string(),
  /** What it is, as the request page names it ('Arrêté', 'Mise en demeure'…). */
  title: z.string(),
  editor: z.enum(DOCUMENT_EDITORS),
  /** The DOCX the portal's editor loads (GET document/{id}/file, with the session). */
  fileUrl: z.string(),
  /** With the ONLYOFFICE editor: its page; null with the portal's. */
  onlyoffice: OnlyofficeEditorSchema.nullable(),
});
export type DocumentEditor = z.infer<typeof DocumentEditorSchema>;

/** The editor's texts (docs/screens.md "Notices and errors" for the spec's own). */
export const DOCUMENT_EDITOR_TEXTS = {
  open: 'Modifier dans le portail',
  openNamed: (name: string) => `Modifier ${name} dans le portail`,
  dialogTitle: (title: string) => `Modifier : ${title}`,
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  close: 'Fermer',
  loading: 'Chargement de l’éditeur…',
  unsavedConfirm: 'Le document a été modifié : les modifications non enregistrées seront perdues.',
  closeWithoutSaving: 'Fermer sans enregistrer',
  keepEditing: 'Continuer la modification',
  /** The spec's alert when the editor call fails: the one letter-failure text (notices.ts). */
  openFailed: letterFailureMessage,
  /** The spec's alert when the editor's window is blocked. */
  popupBlocked: POPUP_BLOCKED_MESSAGE,
  saveFailed: (message: string) => `Erreur lors de l'enregistrement du document : ${message}`,
} as const;

/** The ONLYOFFICE links' query: the token the portal signed into them. */
export const OnlyofficeLinkQuerySchema = z.object({ token: z.string().max(4000).optional() });

/**
 * What an ONLYOFFICE Document Server posts to the callback link: the fields are also in `token`
 * (signed with the shared secret), which alone is trusted.
 */
export const OnlyofficeCallbackSchema = z.looseObject({
  key: z.string().optional(),
  status: z.number().int().optional(),
  url: z.string().optional(),
  token: z.string().max(20_000).optional(),
});

/** The callback's answer as ONLYOFFICE reads it: `{ "error": 0 }` when the portal took it. */
export const OnlyofficeCallbackAnswerSchema = z.object({ error: z.literal(0) });
