import { z } from 'zod';
import {
  formatMegabytes,
  MAX_UPLOAD_BYTES,
  MIME_TYPES,
  sniffMimeType,
  UPLOAD_MESSAGES,
} from './documents.ts';
import { isoDateTime, requiredText } from './schemas/common.ts';

// The documents library (/documents): reference documents for applicants —
// road regulations, guides, blank forms — that every signed-in user reads and downloads, and
// that administrators add and delete.

/** The library's categories, in the order the page lists them. */
export const LIBRARY_CATEGORIES = [
  { id: 'reglementation', label: 'Réglementation de voirie' },
  { id: 'guide', label: 'Guides' },
  { id: 'formulaire', label: 'Formulaires vierges' },
  { id: 'autre', label: 'Autres documents' },
] as const;
export type LibraryCategory = (typeof LIBRARY_CATEGORIES)[number]['id'];
const CATEGORY_IDS = LIBRARY_CATEGORIES.map((category) => category.id) as [
  LibraryCategory,
  ...LibraryCategory[],
];

/** The label of a category. */
export function libraryCategoryLabel(category: string): string {
  return LIBRARY_CATEGORIES.find((item) => item.id === category)?.label ?? category;
}

/**
 * The formats a library document may have: PDF, and the office formats people fill in or read
 * (Word and OpenDocument texts, Excel and OpenDocument spreadsheets). Each is checked by its
 * content (libraryFileType), never by its name.
 */
export const LIBRARY_FILE_TYPES = {
  pdf: { mimeType: MIME_TYPES.pdf, extension: 'pdf', label: 'PDF' },
  docx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    label: 'Word (DOCX)',
  },
  xlsx: {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    label: 'Excel (XLSX)',
  },
  odt: {
    mimeType: 'application/vnd.oasis.opendocument.text',
    extension: 'odt',
    label: 'OpenDocument texte (ODT)',
  },
  ods: {
    mimeType: 'application/vnd.oasis.opendocument.spreadsheet',
    extension: 'ods',
    label: 'OpenDocument tableur (ODS)',
  },
} as const;
export type LibraryFileType = keyof typeof LIBRARY_FILE_TYPES;

/** The file input's `accept`: extensions and types of LIBRARY_FILE_TYPES. */
export const LIBRARY_FILE_ACCEPT = Object.values(LIBRARY_FILE_TYPES)
  .flatMap((type) => [`.${type.extension}`, type.mimeType])
  .join(',');

/** The names of the accepted formats, for the form's help and the refusals. */
export const LIBRARY_FORMATS_TEXT = Object.values(LIBRARY_FILE_TYPES)
  .map((type) => type.label)
  .join(', ');

export const LIBRARY_LIMITS = { titleMax: 200 } as const;

export const LIBRARY_MESSAGES = {
  title: 'Documents',
  addTitle: "Ajout d'un document",
  added: 'Document ajouté.',
  deleted: 'Document supprimé.',
  notFound: "Ce document n'existe pas.",
  noFile: 'Veuillez joindre un fichier.',
  wrongContent: `Le contenu du fichier ne correspond pas à un format accepté. Formats acceptés : ${LIBRARY_FORMATS_TEXT}.`,
  empty: 'La bibliothèque ne contient aucun document pour le moment.',
  tooLarge: (maxBytes: number = MAX_UPLOAD_BYTES) => UPLOAD_MESSAGES.tooLarge(maxBytes),
  sizeHelp: (maxBytes: number = MAX_UPLOAD_BYTES) =>
    `Formats acceptés : ${LIBRARY_FORMATS_TEXT} ; ${formatMegabytes(maxBytes)} au plus.`,
} as const;

/** The fields of 'Ajout d'un document' (the file comes beside them). */
export const LibraryDocumentFormSchema = z.object({
  title: requiredText(LIBRARY_LIMITS.titleMax),
  category: z.enum(CATEGORY_IDS, { error: 'Veuillez choisir une catégorie.' }),
});
export type LibraryDocumentForm = z.infer<typeof LibraryDocumentFormSchema>;

/** A document of the library, as listed. */
export const LibraryDocumentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(CATEGORY_IDS),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  createdAt: isoDateTime,
});
export type LibraryDocument = z.infer<typeof LibraryDocumentSchema>;

/** What the content check reads of a file: its first bytes and, for a zip, its entries. */
export interface LibraryFileContent {
  head: Uint8Array;
  /** The names of the zip's entries (absent: not a readable zip). */
  zipEntries?: readonly string[];
  /** The text of an OpenDocument's `mimetype` entry. */
  odfMimeType?: string | null;
}

/** True when the file starts as a zip archive does (the office formats are zips). */
export function isZipHead(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/**
 * The format of a library file from its content: PDF by its magic bytes; DOCX and XLSX by their
 * main part (word/document.xml, xl/workbook.xml) next to [Content_Types].xml; ODT and ODS by the
 * `mimetype` entry. Null for anything else (an image, a renamed executable, a macro-free zip…).
 */
export function libraryFileType(content: LibraryFileContent): LibraryFileType | null {
  if (sniffMimeType(content.head) === MIME_TYPES.pdf) return 'pdf';
  if (!isZipHead(content.head) || !content.zipEntries) return null;
  const entries = new Set(content.zipEntries);
  if (entries.has('[Content_Types].xml')) {
    if (entries.has('word/document.xml')) return 'docx';
    if (entries.has('xl/workbook.xml')) return 'xlsx';
  }
  const odf = content.odfMimeType?.trim();
  if (odf === LIBRARY_FILE_TYPES.odt.mimeType) return 'odt';
  if (odf === LIBRARY_FILE_TYPES.ods.mimeType) return 'ods';
  return null;
}

/**
 * The library's check of an uploaded file: not empty, within the size limit, of an accepted
 * format by its content. Returns the format, or the French refusal.
 */
export function checkLibraryFile(
  content: LibraryFileContent & { size: number },
  maxBytes: number = MAX_UPLOAD_BYTES,
): { ok: true; type: LibraryFileType } | { ok: false; message: string } {
  if (content.size <= 0) return { ok: false, message: UPLOAD_MESSAGES.empty };
  if (content.size > maxBytes) return { ok: false, message: UPLOAD_MESSAGES.tooLarge(maxBytes) };
  const type = libraryFileType(content);
  return type ? { ok: true, type } : { ok: false, message: LIBRARY_MESSAGES.wrongContent };
}

/** The download name of a document: its file name, with the extension of its checked format. */
export function libraryFileName(fileName: string, type: LibraryFileType): string {
  const { extension } = LIBRARY_FILE_TYPES[type];
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '').trim() || 'document';
  return `${base}.${extension}`;
}
