import type { Kysely } from 'kysely';
import {
  LIBRARY_CATEGORIES,
  LIBRARY_FILE_TYPES,
  LIBRARY_MESSAGES,
  LibraryDocumentFormSchema,
  libraryFileName,
  type LibraryCategory,
  type LibraryDocument,
} from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import { claimContents, releaseClaims, removeIfUnreferenced } from '../files/content-claims.ts';
import type { FileStore } from '../files/file-store.ts';
import type { UploadParts } from '../files/upload-parts.ts';
import { AppError } from '../errors/app-error.ts';
import { writeHistory } from '../history/history.ts';
import type { Actor } from '../policies/visibility.ts';
import { checkReceivedLibraryFile } from './library-file-check.ts';

/** What the library needs: the database, the file store, UPLOAD_MAX_BYTES. */
export interface LibraryDeps {
  db: Kysely<Database>;
  store: FileStore;
  maxBytes: number;
}

const HISTORY_ENTITY = 'library';
const COLUMNS = ['id', 'title', 'category', 'fileName', 'mimeType', 'size', 'createdAt'] as const;

interface Row {
  id: number;
  title: string;
  category: string;
  fileName: string;
  mimeType: string;
  size: number;
  createdAt: Date | string;
}

function present(row: Row): LibraryDocument {
  return {
    id: row.id,
    title: row.title,
    category: row.category as LibraryCategory,
    fileName: row.fileName,
    mimeType: row.mimeType,
    size: row.size,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const CATEGORY_ORDER = new Map<string, number>(
  LIBRARY_CATEGORIES.map((category, index) => [category.id, index]),
);

/** `GET library`: every document, by category (in the domain's order), then title. */
export async function listLibrary(db: Kysely<Database>): Promise<LibraryDocument[]> {
  const rows = await db
    .selectFrom('libraryDocument')
    .select(COLUMNS)
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows
    .map(present)
    .sort((a, b) => (CATEGORY_ORDER.get(a.category) ?? 99) - (CATEGORY_ORDER.get(b.category) ?? 99));
}

function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION', message, { errors: [{ path, message }] });
}

/**
 * `POST library` (multipart: title, category, file): an administrator's document, its fields by
 * the domain's form schema and its file checked by content (PDF or an office format) within
 * UPLOAD_MAX_BYTES. The file is linked into the content-addressed store before its row and
 * history entry are committed (a crash leaves at worst a file the sweep removes), and removed
 * again when the transaction fails, unless something else names the same content.
 */
export async function addLibraryDocument(
  deps: LibraryDeps,
  actor: Actor,
  upload: UploadParts,
): Promise<LibraryDocument> {
  const parsed = LibraryDocumentFormSchema.safeParse({
    title: upload.fields.get('title'),
    category: upload.fields.get('category'),
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION', errors.map((error) => error.message).join('\n'), { errors });
  }
  const part = upload.files.length === 1 ? upload.files[0] : undefined;
  if (!part || part.fieldname !== 'file') throw fieldError('file', LIBRARY_MESSAGES.noFile);
  const checked = await checkReceivedLibraryFile(part.received, deps.maxBytes);
  if (!checked.ok)
    throw new AppError(part.received.truncated ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION', checked.message, {
      errors: [{ path: 'file', message: checked.message }],
    });

  const claims = await claimContents(deps.db, [part.received.sha256]);
  const release = () => releaseClaims(deps.db, claims).catch(() => {});
  let created = false;
  try {
    const stored = await deps.store.put(part.received);
    created = stored.created;
    const row = await deps.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('libraryDocument')
        .values({
          title: parsed.data.title,
          category: parsed.data.category,
          fileName: libraryFileName(part.filename, checked.type),
          mimeType: LIBRARY_FILE_TYPES[checked.type].mimeType,
          size: part.received.size,
          sha256: stored.sha256,
          storageKey: stored.storageKey,
          stdUserId: actor.id,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      await writeHistory(trx, {
        entity: HISTORY_ENTITY,
        entityId: inserted.id,
        actor,
        context: 'Document ajouté à la bibliothèque',
        data: { title: inserted.title, category: inserted.category, fileName: inserted.fileName },
      });
      return inserted;
    });
    await release();
    return present(row);
  } catch (error) {
    await release();
    if (created) await removeIfUnreferenced(deps, part.received.sha256).catch(() => false);
    throw error;
  }
}

async function findDocument(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('libraryDocument')
    .select([...COLUMNS, 'sha256', 'storageKey'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', LIBRARY_MESSAGES.notFound);
  return row;
}

/** `DELETE library/{id}`: the row and its history entry together; the file once nothing names it. */
export async function deleteLibraryDocument(deps: LibraryDeps, actor: Actor, id: number): Promise<void> {
  const row = await findDocument(deps.db, id);
  await deps.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('libraryDocument')
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) throw new AppError('NOT_FOUND', LIBRARY_MESSAGES.notFound);
    await writeHistory(trx, {
      entity: HISTORY_ENTITY,
      entityId: id,
      actor,
      context: 'Document retiré de la bibliothèque',
      data: { title: row.title, category: row.category, fileName: row.fileName },
    });
  });
  // A failure here leaves a file without a row, which the hourly sweep removes.
  await removeIfUnreferenced(deps, row.sha256).catch(() => false);
}

/** `GET library/{id}/file`: what the download needs (404 when the row or its file is gone). */
export async function libraryFile(deps: LibraryDeps, id: number) {
  const row = await findDocument(deps.db, id);
  if ((await deps.store.sizeOf(row.storageKey)) === null)
    throw new AppError('NOT_FOUND', 'Le fichier de ce document est introuvable.');
  return { fileName: row.fileName, mimeType: row.mimeType, stream: await deps.store.open(row.storageKey) };
}
