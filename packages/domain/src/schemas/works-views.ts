import { z } from 'zod';
import { DocumentSchema } from './document.ts';

// The works phase's answers: the letters and linked requests on the detail, the
// comments viewer, the managers, the instructors a road disturbance may name.

/** A letter's latest version, as DOCX and as PDF (the PDF when LibreOffice made one). */
export const LetterDocumentsSchema = z.object({
  docx: DocumentSchema.nullable(),
  pdf: DocumentSchema.nullable(),
  /** When it was mailed to the applicant (null: a draft, seen by instructors only). */
  sentAt: z.string().nullable(),
});
export type LetterDocuments = z.infer<typeof LetterDocumentsSchema>;

/** The works-phase letters of a request, by kind (null: none generated). */
export const RequestLettersSchema = z.object({
  formalNotice: LetterDocumentsSchema.nullable(),
  minutes: LetterDocumentsSchema.nullable(),
  disturbanceMinutes: LetterDocumentsSchema.nullable(),
});
export type RequestLetters = z.infer<typeof RequestLettersSchema>;

/** A request linked to this one: its number, the id of its page, its state. */
export const LinkedRequestSchema = z.object({
  id: z.number().int(),
  publicId: z.string(),
  stateId: z.number().int(),
});
export type LinkedRequest = z.infer<typeof LinkedRequestSchema>;

/**
 * The extension's original, and the original's extension (docs/screens.md "Request detail": opened
 * in a new tab).
 */
export const LinkedRequestsSchema = z.object({
  original: LinkedRequestSchema.nullable(),
  extension: LinkedRequestSchema.nullable(),
});
export type LinkedRequests = z.infer<typeof LinkedRequestsSchema>;

/** `GET request/{id}/comments`: one comment of the comments viewer. */
export const RequestCommentSchema = z.object({
  /** When it was written (ISO). */
  at: z.string(),
  /** Who wrote it: name, else e-mail; null for the system. */
  author: z.string().nullable(),
  /** What it is about ('Demande de complétude', 'Réception refusée'…). */
  context: z.string(),
  text: z.string(),
});
export type RequestComment = z.infer<typeof RequestCommentSchema>;

/** A person concerned by a request: an account's name and e-mail. */
export const ManagerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type Manager = z.infer<typeof ManagerSchema>;

/** `GET request/{id}/managers`: the request's instructor and the road managers of its place. */
export const RequestManagersSchema = z.object({
  instructor: ManagerSchema.nullable(),
  roadManagers: z.array(ManagerSchema),
});
export type RequestManagers = z.infer<typeof RequestManagersSchema>;

/** `GET instructors`: the accounts a road-disturbance report may name as its witness. */
export const InstructorChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export type InstructorChoice = z.infer<typeof InstructorChoiceSchema>;
