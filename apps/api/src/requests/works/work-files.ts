import exifr from 'exifr';
import { PhotoPositionsSchema, UPLOAD_MESSAGES, type UploadContext } from '@voirie/domain';
import type { UploadedPart } from '../../files/upload-parts.ts';
import { checkReceivedFile } from '../../files/upload-parts.ts';
import type { FieldError } from '../../errors/app-error.ts';
import { fieldError, validationError } from '../../errors/field-errors.ts';
import { parseJsonText } from '../../errors/acceptable-input.ts';
import type { AcceptedFile, FilePosition } from '../filing/filing-checks.ts';

/** What a works-phase route accepts under a part name: the type stored, the formats, how many. */
export interface WorkFileRule {
  typeDocumentId: number;
  context: UploadContext;
  max: number;
  /** The name a file gets when its sender gave none. */
  label: string;
}

export const WORK_FILE_MESSAGES = {
  tooMany: (max: number) => `${String(max)} fichier(s) au plus.`,
  positions: 'Les positions des photos sont mal formées.',
} as const;

/** The GPS position a JPEG's EXIF carries, if any (a missing or unreadable EXIF is no position). */
async function exifPosition(part: UploadedPart): Promise<FilePosition | undefined> {
  try {
    const gps = (await exifr.gps(part.received.tempPath)) as
      { latitude?: number; longitude?: number } | undefined;
    if (typeof gps?.latitude !== 'number' || typeof gps.longitude !== 'number') return undefined;
    if (!Number.isFinite(gps.latitude) || !Number.isFinite(gps.longitude)) return undefined;
    return { lat: gps.latitude, lon: gps.longitude, source: 'exif' };
  } catch {
    return undefined;
  }
}

/**
 * Checks a works-phase upload's files: each part name is one the route accepts, within
 * its count, and each file passes the content check of its dialog's formats. A photo keeps its
 * place: the device's position sent in `positions` (keyed by part name), else its EXIF GPS.
 * Refusals are French field errors (400), nothing written.
 */
export async function checkWorkFiles(
  parts: readonly UploadedPart[],
  options: {
    rules: Readonly<Record<string, WorkFileRule>>;
    positions: unknown;
    maxBytes: number;
    prefix?: string;
  },
): Promise<AcceptedFile[]> {
  const errors: FieldError[] = [];
  const positions = PhotoPositionsSchema.safeParse(options.positions ?? {});
  if (!positions.success) errors.push(fieldError('positions', WORK_FILE_MESSAGES.positions));
  const counts = new Map<string, number>();
  const files: AcceptedFile[] = [];
  for (const part of parts) {
    const rule = options.rules[part.fieldname];
    if (!rule) {
      errors.push(fieldError(part.fieldname, UPLOAD_MESSAGES.unknownType));
      continue;
    }
    const count = (counts.get(part.fieldname) ?? 0) + 1;
    counts.set(part.fieldname, count);
    if (count > rule.max) {
      if (count === rule.max + 1)
        errors.push(fieldError(part.fieldname, WORK_FILE_MESSAGES.tooMany(rule.max)));
      continue;
    }
    const checked = await checkReceivedFile(part.received, {
      context: rule.context,
      maxBytes: options.maxBytes,
    });
    if (!checked.ok) {
      errors.push(fieldError(part.fieldname, `${part.filename} : ${checked.message}`));
      continue;
    }
    const device = positions.success ? positions.data[part.fieldname] : undefined;
    const position: FilePosition | undefined = device
      ? { ...device, source: 'device' }
      : checked.mimeType === 'image/jpeg'
        ? await exifPosition(part)
        : undefined;
    files.push({
      typeDocumentId: rule.typeDocumentId,
      filename: part.filename || rule.label,
      mimeType: checked.mimeType,
      part,
      ...(position ? { position } : {}),
    });
  }
  if (errors.length > 0) throw validationError(options.prefix ?? '', errors);
  return files;
}

/** Reads a JSON text field of a multipart body (the JSON body's fields arrive as values). */
export function jsonField(value: unknown): unknown {
  return typeof value === 'string' ? parseJsonText(value) : value;
}
