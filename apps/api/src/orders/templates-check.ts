import { readFile } from 'node:fs/promises';
import { MIME_TYPES, UPLOAD_MESSAGES, isZipHead, sniffMimeType } from '@voirie/domain';
import type { ReceivedFile } from '../files/file-store.ts';
import { officeArchiveRefusal } from '../files/office-archive.ts';
import { compileTemplate, isDocx } from './merge.ts';

export const TEMPLATE_FILE_MESSAGES = {
  notDocx: 'Le contenu du fichier ne correspond pas à un document Word (DOCX).',
  pdf: 'Le fichier est un PDF : le modèle doit être un document Word (DOCX).',
  unreadable: 'le document Word est illisible',
  invalidPrefix: 'Le modèle ne peut pas être utilisé : ',
} as const;

/** The shape of one docxtemplater compilation error (TemplateError.properties). */
interface TagProblem {
  id?: string;
  xtag?: string;
  context?: string;
  openingtag?: string;
  closingtag?: string;
  pair?: { left?: string };
  lastPair?: { left?: string };
}

/** One docxtemplater error in French, naming the tag (the editor shows the sentence as is). */
function describeProblem(problem: TagProblem): string {
  const tag = problem.xtag ?? '';
  switch (problem.id) {
    case 'unclosed_tag':
      return `la balise « ${problem.context ?? `{${tag}`} » n'est pas fermée (« } » manquante)`;
    case 'unopened_tag':
      return `la balise « ${problem.context ?? tag}} » n'est pas ouverte (« { » manquante)`;
    case 'duplicate_open_tag':
      return `la balise « ${problem.context ?? tag} » a une accolade ouvrante « { » en trop`;
    case 'duplicate_close_tag':
      return `une balise a une accolade fermante « } » en trop`;
    case 'unclosed_loop':
      return `la section « {#${tag}} » n'est pas fermée (« {/${tag}} » manquante)`;
    case 'unopened_loop':
      return `la fin de section « {/${tag}} » n'a pas de début (« {#${tag}} » manquante)`;
    case 'closing_tag_does_not_match_opening_tag':
      return `la section « {#${problem.openingtag ?? ''}} » est fermée par « {/${problem.closingtag ?? ''}} »`;
    case 'unbalanced_loop_tags':
      return `les sections « {#${problem.lastPair?.left ?? ''}} » et « {#${problem.pair?.left ?? ''}} » se chevauchent`;
    case 'loop_position_invalid':
      return `les balises de la section « ${tag} » sont mal placées (l'une dans un tableau, l'autre hors de ce tableau)`;
    case 'malformed_xml':
    case 'file_has_invalid_xml':
      return TEMPLATE_FILE_MESSAGES.unreadable;
    default:
      return `une balise n'est pas valide${tag ? ` (« ${tag} »)` : ''}`;
  }
}

/** Most problems named in one answer: a badly broken file would otherwise list hundreds. */
const MAX_PROBLEMS = 5;

/** The French sentence of a docxtemplater failure, or null when the error is not one of its own. */
export function describeTemplateError(error: unknown): string | null {
  if (!(error instanceof Error) || !('properties' in error)) return null;
  const properties = (error as { properties?: TagProblem & { errors?: { properties?: TagProblem }[] } })
    .properties;
  const problems = properties?.errors?.map((item) => item.properties ?? {}) ?? [properties ?? {}];
  const sentences = [...new Set(problems.map(describeProblem))];
  const shown = sentences.slice(0, MAX_PROBLEMS).join(' ; ');
  const more =
    sentences.length > MAX_PROBLEMS
      ? ` ; et ${String(sentences.length - MAX_PROBLEMS)} autre(s) problème(s)`
      : '';
  return `${TEMPLATE_FILE_MESSAGES.invalidPrefix}${shown}${more}.`;
}

export type TemplateCheck = { ok: true; bytes: Buffer } | { ok: false; message: string };

/**
 * Whether an uploaded file can serve as a template: a Word document by its content (a PDF or a
 * file renamed .docx is refused) whose zip passes the zip-bomb checks, that compiles as the merge
 * reads it (compileTemplate) and renders with no data. Size first, as for every upload.
 */
export async function checkTemplateFile(file: ReceivedFile, maxBytes: number): Promise<TemplateCheck> {
  if (file.truncated || file.size > maxBytes)
    return { ok: false, message: UPLOAD_MESSAGES.tooLarge(maxBytes) };
  if (file.size === 0) return { ok: false, message: UPLOAD_MESSAGES.empty };
  if (sniffMimeType(file.head) === MIME_TYPES.pdf) return { ok: false, message: TEMPLATE_FILE_MESSAGES.pdf };
  if (!isZipHead(file.head)) return { ok: false, message: TEMPLATE_FILE_MESSAGES.notDocx };
  // A zip bomb is refused before pizzip and docxtemplater inflate it in memory.
  const bomb = await officeArchiveRefusal(file.tempPath);
  if (bomb) return { ok: false, message: bomb };
  const bytes = await readFile(file.tempPath);
  if (!(await isDocx(bytes))) return { ok: false, message: TEMPLATE_FILE_MESSAGES.notDocx };
  try {
    // Compiled as the orders will merge it.
    const doc = await compileTemplate(bytes);
    doc.render({});
  } catch (error) {
    return {
      ok: false,
      message:
        describeTemplateError(error) ??
        `${TEMPLATE_FILE_MESSAGES.invalidPrefix}${TEMPLATE_FILE_MESSAGES.unreadable}.`,
    };
  }
  return { ok: true, bytes };
}
