import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Model, ModelDetail } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import type { UploadParts } from '../files/upload-parts.ts';
import { AppError } from '../errors/app-error.ts';
import { writeHistory } from '../history/history.ts';
import type { Actor } from '../policies/visibility.ts';
import { docxLibs } from './docx-libs.ts';
import { isSupersededDefault } from './superseded-defaults.ts';
import { checkTemplateFile } from './templates-check.ts';
import { defaultKeyOf, defaultTemplate, loadTemplate } from './templates.ts';

export const TEMPLATE_MESSAGES = {
  notFound: "Ce modèle n'existe pas.",
  saved: 'Modèle enregistré.',
  reset: 'Modèle par défaut rétabli.',
  noFile: 'Veuillez joindre un fichier.',
  noDefault: "Ce modèle n'a pas de version par défaut.",
  savedHistory: 'Modèle enregistré',
  resetHistory: 'Modèle par défaut rétabli',
} as const;

/** What the template administration needs: the database, the store (its storage holds the templates), the upload limit. */
export interface TemplateDeps {
  db: Kysely<Database>;
  store: Pick<FileStore, 'storage'>;
  maxBytes: number;
}

/** `GET modele`: every template, by id. */
export async function listTemplates(db: Kysely<Database>): Promise<Model[]> {
  return db.selectFrom('modele').select(['id', 'libelle']).orderBy('id').execute();
}

async function findTemplate(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom('modele')
    .select(['id', 'libelle', 'kind', 'fileKey'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
  return row;
}

/** The entries of a zip (name -> bytes); the dates pizzip stamps on each build are left out. */
async function zipEntries(bytes: Buffer): Promise<Map<string, Uint8Array>> {
  const { PizZip } = await docxLibs();
  const zip = new PizZip(bytes);
  return new Map(
    Object.values(zip.files)
      .filter((entry) => !entry.dir)
      .map((entry) => [entry.name, entry.asUint8Array()]),
  );
}

/** True when two .docx hold the same entries with the same content (the bytes differ by dates). */
async function sameDocx(a: Buffer, b: Buffer): Promise<boolean> {
  const [left, right] = await Promise.all([zipEntries(a), zipEntries(b)]);
  if (left.size !== right.size) return false;
  for (const [name, content] of left) {
    const other = right.get(name);
    if (!other || Buffer.compare(content, other) !== 0) return false;
  }
  return true;
}

/**
 * `GET modele/{id}`: the template with its file's name and last change, and whether it is the
 * built-in default (a file not written yet is the default: loadTemplate writes it on first use).
 */
export async function templateDetail(deps: TemplateDeps, id: number): Promise<ModelDetail> {
  const row = await findTemplate(deps.db, id);
  const { storage } = deps.store;
  const fallback = await defaultTemplate(defaultKeyOf(row));
  let updatedAt: string | null = null;
  let isDefault = fallback !== null;
  const [bytes, stats] = await Promise.all([storage.readBytes(row.fileKey), storage.stat(row.fileKey)]);
  if (bytes && stats) {
    updatedAt = new Date(stats.modifiedMs).toISOString();
    // An earlier default never edited is replaced by today's at its next use.
    isDefault =
      fallback !== null &&
      ((await sameDocx(bytes, fallback)) || (await isSupersededDefault(defaultKeyOf(row), bytes)));
  }
  return { id: row.id, libelle: row.libelle, fileName: path.basename(row.fileKey), updatedAt, isDefault };
}

/** `GET modele/{id}/file`: the template's bytes and name (a missing default is written first). */
export async function templateFile(
  deps: TemplateDeps,
  id: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  const row = await findTemplate(deps.db, id);
  try {
    return { bytes: await loadTemplate(deps, id), fileName: path.basename(row.fileKey) };
  } catch (error) {
    // An administrator's own template (no default) whose file is gone — not the storage down.
    if (!(error instanceof AppError) && (await defaultTemplate(defaultKeyOf(row))) === null)
      throw new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
    throw error;
  }
}

/**
 * Puts `bytes` in place of the template, as the last step of the transaction that records the
 * change: the storage replaces the object whole (a local write goes beside it, then is renamed
 * over it), so any failure before leaves the previous template, and a failed write rolls the
 * history back.
 */
async function installTemplate(
  deps: TemplateDeps,
  actor: Actor,
  row: { id: number; fileKey: string },
  bytes: Buffer,
  context: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('modele')
      .set({ updatedAt: sql`now()` })
      .where('id', '=', row.id)
      .execute();
    await writeHistory(trx, {
      entity: 'modele',
      entityId: row.id,
      actor,
      context,
      data: { fileName: path.basename(row.fileKey), size: bytes.length },
    });
    await deps.store.storage.putBytes(row.fileKey, bytes);
  });
}

/**
 * `PUT modele/{id}` (multipart, one file): the administrator's edited template replaces the
 * file once it is a Word document docxtemplater compiles; otherwise a French 400 says why and
 * the previous template stays.
 */
export async function replaceTemplate(
  deps: TemplateDeps,
  actor: Actor,
  id: number,
  upload: UploadParts,
): Promise<ModelDetail> {
  const row = await findTemplate(deps.db, id);
  const part = upload.files.length === 1 ? upload.files[0] : undefined;
  if (!part)
    throw new AppError('VALIDATION', TEMPLATE_MESSAGES.noFile, {
      errors: [{ path: 'file', message: TEMPLATE_MESSAGES.noFile }],
    });
  const checked = await checkTemplateFile(part.received, deps.maxBytes);
  if (!checked.ok)
    throw new AppError('VALIDATION', checked.message, {
      errors: [{ path: 'file', message: checked.message }],
    });
  await installTemplate(deps, actor, row, checked.bytes, TEMPLATE_MESSAGES.savedHistory);
  return templateDetail(deps, id);
}

/** `POST modele/{id}/reset`: the built-in default is written back (409 for a template without one). */
export async function resetTemplate(deps: TemplateDeps, actor: Actor, id: number): Promise<ModelDetail> {
  const row = await findTemplate(deps.db, id);
  const bytes = await defaultTemplate(defaultKeyOf(row));
  if (!bytes) throw new AppError('CONFLICT', TEMPLATE_MESSAGES.noDefault);
  await installTemplate(deps, actor, row, bytes, TEMPLATE_MESSAGES.resetHistory);
  return templateDetail(deps, id);
}
