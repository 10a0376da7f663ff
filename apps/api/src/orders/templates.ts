import type { Kysely } from 'kysely';
import { TRAFFIC_ORDER_MODELE_KIND, type ActTemplate } from '@voirie/domain';
import type { Database } from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import { DEFAULT_LETTERS } from './default-letters.ts';
import { DEFAULT_ORDERS, DEFAULT_TRAFFIC_ORDER } from './default-orders.ts';
import { buildDocx } from './docx-builder.ts';
import { isSupersededDefault } from './superseded-defaults.ts';

/**
 * Which built-in default a template has: the seeded ones (1–10) by id, the traffic order by its
 * kind — its id is whatever the database gave it (migration 0021).
 */
export type DefaultKey = number | typeof TRAFFIC_ORDER_MODELE_KIND;

/** The default key of a `modele` row. */
export function defaultKeyOf(modele: { id: number; kind: string }): DefaultKey {
  return modele.kind === TRAFFIC_ORDER_MODELE_KIND ? TRAFFIC_ORDER_MODELE_KIND : modele.id;
}

/** The default .docx of a template (1–10, or the traffic order), or null for an administrator's own template. */
export async function defaultTemplate(key: DefaultKey): Promise<Buffer | null> {
  const paragraphs =
    key === TRAFFIC_ORDER_MODELE_KIND
      ? DEFAULT_TRAFFIC_ORDER
      : (DEFAULT_ORDERS[key as 1] ?? DEFAULT_LETTERS[key as 6]);
  return paragraphs ? buildDocx(paragraphs) : null;
}

/** The `modele` id of an act's template: the seeded order's, or the first template of its kind. */
export async function actTemplateId(db: Kysely<Database>, template: ActTemplate): Promise<number> {
  if ('modeleId' in template) return template.modeleId;
  const row = await db
    .selectFrom('modele')
    .select('id')
    .where('kind', '=', template.modeleKind)
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw new Error(`no template of kind ${template.modeleKind}`);
  return row.id;
}

/**
 * The template's bytes, read from the storage at its file_key (`modeles/…`). A missing default
 * template is written there first, so that the file an administrator later replaces is the one
 * merged; an earlier default never edited is replaced by today's (superseded-defaults.ts).
 */
export async function loadTemplate(
  deps: { db: Kysely<Database>; store: Pick<FileStore, 'storage'> },
  modeleId: number,
): Promise<Buffer> {
  const modele = await deps.db
    .selectFrom('modele')
    .select(['id', 'kind', 'fileKey'])
    .where('id', '=', modeleId)
    .executeTakeFirst();
  if (!modele) throw new Error(`modele ${String(modeleId)} not found`);
  const key = defaultKeyOf(modele);
  const { storage } = deps.store;
  const bytes = await storage.readBytes(modele.fileKey);
  if (bytes) {
    if (!(await isSupersededDefault(key, bytes))) return bytes;
    const upgraded = await defaultTemplate(key);
    if (!upgraded) return bytes;
    await storage.putBytes(modele.fileKey, upgraded);
    return upgraded;
  }
  const content = await defaultTemplate(key);
  if (!content) throw new Error(`template file ${modele.fileKey} is missing`);
  // The first writer wins: two instances installing the default keep one.
  if (await storage.putBytes(modele.fileKey, content, { ifAbsent: true })) return content;
  return (await storage.readBytes(modele.fileKey)) ?? content;
}
