import type { Kysely } from 'kysely';
import {
  canUser,
  LETTER_KINDS,
  LETTERS,
  LETTER_TYPE_IDS,
  RECEPTION_NATURE,
  type LetterDocuments,
  type LinkedRequests,
  type RequestLetters,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import type { Viewer } from '../../policies/visibility.ts';
import type { PresentedDocument } from './detail-parts.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The latest version of a document type as DOCX and PDF: a generation writes both in one
 * transaction (same createdAt); an edited upload is one file, so an older PDF never passes for
 * the edited DOCX's.
 */
export function latestVersion(
  documents: readonly PresentedDocument[],
  typeDocumentId: number,
): { docx: PresentedDocument | null; pdf: PresentedDocument | null } | null {
  const versions = documents.filter((document) => document.typeDocumentId === typeDocumentId);
  const newest = versions.at(-1);
  if (!newest) return null;
  const current = versions.filter((document) => document.createdAt === newest.createdAt);
  const find = (mimeType: string) => current.find((document) => document.mimeType === mimeType) ?? null;
  return { docx: find(DOCX), pdf: find('application/pdf') };
}

/**
 * The works-phase letters: instructors and admins see every draft; the other
 * viewers a letter once it has been mailed to the applicant.
 */
export function presentLetters(viewer: Viewer, documents: readonly PresentedDocument[]): RequestLetters {
  const staff = canUser(viewer, 'instructRequests');
  const letter = (typeDocumentId: number): LetterDocuments | null => {
    const latest = latestVersion(documents, typeDocumentId);
    if (!latest) return null;
    const sentAt = latest.pdf?.sentAt ?? latest.docx?.sentAt ?? null;
    if (!staff && !sentAt) return null;
    return { ...latest, sentAt };
  };
  const entries = LETTER_KINDS.map((kind) => [kind, letter(LETTERS[kind].typeDocumentId)] as const);
  return Object.fromEntries(entries) as RequestLetters;
}

/**
 * The reception's documents (nature 'réception', docs/screens.md "Documents list": shown in the
 * reception dialog): photos with where they were taken, plans and compaction results; letters are
 * presented apart.
 */
export function presentReceptionDocuments(documents: readonly PresentedDocument[]): PresentedDocument[] {
  return documents.filter(
    (document) =>
      document.typeDocument.nature === RECEPTION_NATURE && !LETTER_TYPE_IDS.includes(document.typeDocumentId),
  );
}

/**
 * The extension's original and the original's extension (docs/screens.md "Request detail",
 * docs/workflow.md "Transitions").
 */
export async function loadLinkedRequests(
  db: Kysely<Database>,
  request: { id: number; extensionOfId: number | null },
): Promise<LinkedRequests> {
  const linked = (column: 'id' | 'extensionOfId', value: number) =>
    db
      .selectFrom('request')
      .select(['id', 'publicId', 'stateId'])
      .where(column, '=', value)
      .executeTakeFirst()
      .then((row) => row ?? null);
  const [original, extension] = await Promise.all([
    request.extensionOfId === null ? null : linked('id', request.extensionOfId),
    linked('extensionOfId', request.id),
  ]);
  return { original, extension };
}
