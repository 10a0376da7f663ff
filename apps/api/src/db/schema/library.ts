import type { Generated } from 'kysely';
import type { DefaultTimestamp } from './columns.ts';

/** A document of the library (migration 0017); its content is in the store by its SHA-256. */
export interface LibraryDocumentTable {
  id: Generated<number>;
  title: string;
  /** One of the domain's LIBRARY_CATEGORIES. */
  category: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  storageKey: string;
  /** The administrator who added it. */
  stdUserId: number | null;
  createdAt: DefaultTimestamp;
}

export interface LibraryTables {
  libraryDocument: LibraryDocumentTable;
}
