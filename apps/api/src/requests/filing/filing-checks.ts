import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import {
  GEOMETRY_MESSAGES,
  GROUP_MESSAGES,
  UPLOAD_MESSAGES,
  checkOperatorChoice,
  checkRoadSegment,
  emptyStringsToNull,
  missingMandatoryDocuments,
  type AcceptedMimeType,
  type GeometryCollection,
  type RequestKind,
} from '@voirie/domain';
import type { Database } from '../../db/schema/index.ts';
import { checkReceivedFile, type UploadedPart } from '../../files/upload-parts.ts';
import { fieldError, zodFieldErrors } from '../../errors/field-errors.ts';
import type { FieldError } from '../../errors/app-error.ts';
import { findNearestRoadSegment } from '../../geo/services/index.ts';
import { findLiveOperator, loadOperatorChoice } from './operator-choice.ts';
import { geometryValue } from './filing-writes.ts';
import { parisToday } from '../french-date.ts';

/** A document type as the checks read it. */
export interface TypeRow {
  id: number;
  name: string;
  categorie: string | null;
  nature: string | null;
  isMandatory: boolean;
  isMandatoryReseaux: boolean;
  cerfa: number | null;
}

/** A file that passed the content check, with the type it is sent as. */
export interface AcceptedFile {
  typeDocumentId: number;
  filename: string;
  mimeType: AcceptedMimeType;
  part: UploadedPart;
  /** A photo's place: the device's position sent with it, or its EXIF GPS position. */
  position?: FilePosition;
}

/** Where a photo was taken (EPSG:4326) and how that is known. */
export interface FilePosition {
  lat: number;
  lon: number;
  source: 'device' | 'exif';
}

/**
 * Parses a payload with a domain schema, empty strings first made null (docs/validation.md "Common
 * rules").
 */
export function parsePayload<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { data: z.output<S>; errors: [] } | { data: null; errors: FieldError[] } {
  const parsed = schema.safeParse(emptyStringsToNull(raw));
  return parsed.success
    ? { data: parsed.data, errors: [] }
    : { data: null, errors: zodFieldErrors(parsed.error.issues) };
}

/**
 * The last guard on a footprint the domain's checks accepted: PostGIS's own validity test on
 * the shape exactly as it will be stored. No row counts as invalid (PGlite answers no row, not
 * an error, when GEOS cannot read a shape).
 */
async function isStorableGeometry(db: Kysely<Database>, geometry: GeometryCollection): Promise<boolean> {
  const { rows } = await sql<{
    valid: boolean | null;
  }>`SELECT ST_IsValid(${geometryValue(geometry)}) AS valid`.execute(db);
  return rows[0]?.valid === true;
}

/**
 * The road segment under the footprint, asked by the server itself (the client's wayType is
 * not trusted): the domain's checkRoadSegment decides, with the spec's messages. A footprint
 * PostGIS finds invalid is refused first (never stored: one bad shape would break lists).
 */
export async function checkRoad(
  db: Kysely<Database>,
  geometry: GeometryCollection,
): Promise<{ ok: true; wayType: string; inUrban: boolean } | { ok: false; error: FieldError }> {
  if (!(await isStorableGeometry(db, geometry)))
    return { ok: false, error: fieldError('location.theGeom', GEOMETRY_MESSAGES.invalid) };
  const segment = await findNearestRoadSegment(db, geometry);
  const checked = checkRoadSegment(segment?.typevoie);
  if (!checked.ok) return { ok: false, error: fieldError('location.theGeom', checked.message) };
  return { ok: true, wayType: checked.wayType, inUrban: checked.inUrban };
}

/**
 * The operator a filing is attached to (docs/workflow.md "Who may do what"): a live operator group,
 * chosen by an account beyond ROLE_USER / ROLE_DEMANDEUR — an operator account for its own operator only, a
 * subcontractor account only under a mandate in force today (the domain's checkOperatorChoice).
 * On an update, the operator already attached (`current`) stays without a new check: a mandate
 * that has since ended does not stop its request from being completed.
 */
export async function checkOperator(
  db: Kysely<Database>,
  actor: { id: number; roles: readonly string[] },
  operatorPerimeterId: number | null | undefined,
  options: { current?: number | null } = {},
): Promise<FieldError | null> {
  if (operatorPerimeterId == null || operatorPerimeterId === options.current) return null;
  const path = 'location.operatorPerimeterId';
  const context = await loadOperatorChoice(db, actor);
  if (context.choice === 'none') return fieldError(path, GROUP_MESSAGES.operatorNotAllowed);
  const found = await findLiveOperator(db, operatorPerimeterId);
  if (!found) return fieldError(path, GROUP_MESSAGES.operatorUnknown);
  const verdict = checkOperatorChoice(context, found.id, parisToday());
  return verdict.ok ? null : fieldError(path, verdict.message);
}

/** All document types, for the requirement rules and the names in messages. */
export async function loadDocumentTypes(db: Kysely<Database>): Promise<TypeRow[]> {
  return db.selectFrom('typeDocument').selectAll().orderBy('id').execute();
}

/**
 * The first checks of a filing or a completion: the payload against its schema, the files against
 * the document types the caller allows; every reason collected, the payload's first.
 */
export async function checkSubmission<S extends z.ZodType>(
  db: Kysely<Database>,
  schema: S,
  submission: { payload: unknown; parts: readonly UploadedPart[] },
  upload: { allowType: (type: TypeRow) => boolean; maxBytes: number },
) {
  const parsed = parsePayload(schema, submission.payload);
  const types = await loadDocumentTypes(db);
  const uploads = await checkFileParts(submission.parts, { types, ...upload });
  const errors: FieldError[] = [...parsed.errors, ...uploads.errors];
  return { data: parsed.data, types, files: uploads.files, errors };
}

/** 'document-18' -> 18; null for any other part name. */
export function documentPartTypeId(fieldname: string): number | null {
  const match = /^document-(\d{1,9})$/.exec(fieldname);
  return match ? Number(match[1]) : null;
}

/**
 * Checks the files of a filing or a completion: each sent as `document-{type}` of a type
 * `allowType` accepts, each passing the content check. Errors are keyed `documents.{type}`.
 */
export async function checkFileParts(
  parts: readonly UploadedPart[],
  options: { types: readonly TypeRow[]; allowType: (type: TypeRow) => boolean; maxBytes: number },
): Promise<{ files: AcceptedFile[]; errors: FieldError[] }> {
  const files: AcceptedFile[] = [];
  const errors: FieldError[] = [];
  for (const part of parts) {
    const typeId = documentPartTypeId(part.fieldname);
    const type = typeId === null ? undefined : options.types.find((candidate) => candidate.id === typeId);
    const path = typeId === null ? part.fieldname : `documents.${String(typeId)}`;
    if (!type || !options.allowType(type)) {
      errors.push(fieldError(path, UPLOAD_MESSAGES.unknownType));
      continue;
    }
    const checked = await checkReceivedFile(part.received, {
      context: 'request',
      maxBytes: options.maxBytes,
    });
    if (!checked.ok) {
      errors.push(fieldError(path, `${part.filename} : ${checked.message}`));
      continue;
    }
    files.push({
      typeDocumentId: type.id,
      filename: part.filename || type.name,
      mimeType: checked.mimeType,
      part,
    });
  }
  return { files, errors };
}

/** The mandatory pieces of the kind not among the files (docs/validation.md "Step 5"). */
export function missingMandatoryErrors(
  types: readonly TypeRow[],
  kind: RequestKind,
  files: readonly AcceptedFile[],
): FieldError[] {
  const uploadedTypeIds = files.map((file) => file.typeDocumentId);
  return missingMandatoryDocuments(types, { kind, uploadedTypeIds }).map((type) =>
    fieldError(`documents.${String(type.id)}`, UPLOAD_MESSAGES.missingMandatory(type.name)),
  );
}

/** Types an applicant attaches to a request: the wizard's ('demande') and completeness answers. */
export function isApplicantType(type: TypeRow): boolean {
  return type.categorie === 'demande' || type.categorie === 'complétude';
}
