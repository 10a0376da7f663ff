import { describeFailure } from '../../../api';
import type { UploadError } from '../../../api/upload';
import type { FilingRequestPayload } from './filing-payload';

// Terminer (docs/api-filing.md): one multipart call, part `request` (the JSON grouped by step)
// then one part `document-{typeDocumentId}` per file; each file's bar follows the bytes sent.

/** Creation request timeout (docs/constants.md "Limits and timings"). */
export const FILING_TIMEOUT_MS = 20_000;

export const SUBMISSION_TEXTS = {
  createFailure: "Erreur lors de l'ajout du dossier : ",
  updateFailure: 'Erreur lors de la mise à jour du dossier : ',
  /** A server fault while the request was created (docs/screens.md "Notices and errors"). */
  creationFault: 'Erreur lors de la création du dossier.',
  timeout:
    "le serveur n'a pas répondu dans le délai de 20 secondes. Vos informations sont conservées, vous pouvez réessayer.",
  network:
    'le serveur est injoignable. Vérifiez votre connexion puis réessayez : vos informations sont conservées.',
  created: 'Votre demande a bien été déposée.',
  updated: 'Votre demande a bien été mise à jour.',
  sending: 'Envoi de la demande en cours…',
} as const;

/** A file to send, in part order. */
export interface FilePart {
  typeId: number;
  file: File;
}

/** The files in the order they are sent: by document type id. */
export function fileParts(files: Partial<Record<number, File>>): FilePart[] {
  return Object.entries(files)
    .filter((entry): entry is [string, File] => entry[1] !== undefined)
    .map(([typeId, file]) => ({ typeId: Number(typeId), file }))
    .sort((a, b) => a.typeId - b.typeId);
}

/** The multipart body; the JSON part first, as the server reads it before the files. */
export function filingFormData(payload: FilingRequestPayload, parts: readonly FilePart[]): FormData {
  const form = new FormData();
  form.append('request', JSON.stringify(payload));
  for (const { typeId, file } of parts) form.append(`document-${typeId}`, file, file.name);
  return form;
}

/**
 * Each file's share sent, 0 to 100, from the bytes sent out of the total. The total includes
 * the multipart framing: the bytes sent are scaled to the parts' sizes, the JSON part first,
 * then each file in part order.
 */
export function filePercents(
  jsonBytes: number,
  fileSizes: readonly number[],
  loaded: number,
  total: number,
): number[] {
  const content = jsonBytes + fileSizes.reduce((sum, size) => sum + size, 0);
  if (total <= 0 || loaded >= total) return fileSizes.map(() => 100);
  const sent = (loaded / total) * content;
  let offset = jsonBytes;
  return fileSizes.map((size) => {
    const share = size > 0 ? (sent - offset) / size : 1;
    offset += size;
    return Math.round(Math.min(1, Math.max(0, share)) * 100);
  });
}

/** The byte length of the JSON part, as sent (UTF-8). */
export function jsonByteLength(payload: FilingRequestPayload): number {
  return new TextEncoder().encode(JSON.stringify(payload)).length;
}

/**
 * The toast of a failed send: the server's message (it already starts with the spec's
 * "Erreur lors de l'ajout du dossier : "), or the prefix and a French reason.
 */
export function submissionFailureMessage(error: UploadError, prefix: string): string {
  const withPrefix = (reason: string) => (reason.startsWith(prefix) ? reason : `${prefix}${reason}`);
  if (error.reason === 'timeout') return withPrefix(SUBMISSION_TEXTS.timeout);
  if (error.reason === 'network') return withPrefix(SUBMISSION_TEXTS.network);
  // A fault of the server while it created the request: nothing was kept (one transaction).
  if (error.status === 500 && prefix === SUBMISSION_TEXTS.createFailure)
    return withPrefix(SUBMISSION_TEXTS.creationFault);
  const reasons = [...new Set((error.body?.errors ?? []).map((item) => item.message))];
  const message =
    error.body?.message ||
    reasons.join('\n') ||
    describeFailure(error.status, error.body, window.location.pathname).message;
  return withPrefix(message);
}
