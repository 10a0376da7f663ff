import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/index.ts';
import { DEFAULT_LETTERS } from './default-letters.ts';
import { DEFAULT_ORDERS } from './default-orders.ts';
import { buildDocx } from './docx-builder.ts';
import { isSupersededDefault } from './superseded-defaults.ts';

/** The order template (modele 1–5) of a request kind and decision (migration 0002). */
export function orderModeleId(kind: number, isFavorable: boolean): 1 | 2 | 3 | 4 | 5 {
  if (kind === 2) return isFavorable ? 2 : 5;
  if (!isFavorable) return 4;
  return kind === 3 ? 3 : 1;
}

/** The default .docx of a template id (1–10), or null for an administrator's own template. */
export async function defaultTemplate(modeleId: number): Promise<Buffer | null> {
  const paragraphs = DEFAULT_ORDERS[modeleId as 1] ?? DEFAULT_LETTERS[modeleId as 6];
  return paragraphs ? buildDocx(paragraphs) : null;
}

/** Absolute path of a template's file_key under DATA_DIR (keys are ours; this guards a corrupted row). */
export function templatePath(dataDir: string, fileKey: string): string {
  const root = path.resolve(dataDir);
  const resolved = path.resolve(root, fileKey);
  if (!resolved.startsWith(root + path.sep)) throw new Error(`invalid template key ${fileKey}`);
  return resolved;
}

/**
 * The template's bytes, read from DATA_DIR/<file_key>. A missing default template is written
 * there first, so that the file an administrator later replaces is the one merged; an earlier
 * default never edited is replaced by today's (superseded-defaults.ts).
 */
export async function loadTemplate(
  deps: { db: Kysely<Database>; dataDir: string },
  modeleId: number,
): Promise<Buffer> {
  const modele = await deps.db
    .selectFrom('modele')
    .select('fileKey')
    .where('id', '=', modeleId)
    .executeTakeFirst();
  if (!modele) throw new Error(`modele ${String(modeleId)} not found`);
  const file = templatePath(deps.dataDir, modele.fileKey);
  try {
    const bytes = await readFile(file);
    if (!(await isSupersededDefault(modeleId, bytes))) return bytes;
    const upgraded = await defaultTemplate(modeleId);
    if (!upgraded) return bytes;
    await replaceFile(file, upgraded);
    return upgraded;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const content = await defaultTemplate(modeleId);
  if (!content) throw new Error(`template file ${modele.fileKey} is missing`);
  await installTemplate(file, content);
  return readFile(file);
}

/** Writes a template where none is: link() fails when the file exists, so the first writer wins. */
async function installTemplate(file: string, content: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, content);
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/** Writes a template over the previous one: beside it, then renamed over it (atomic). */
async function replaceFile(file: string, content: Buffer): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, content);
  try {
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}
