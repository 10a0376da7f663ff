import { AppError } from '../errors/app-error.ts';

/** What a multipart route accepts, besides each file's size (UPLOAD_MAX_BYTES). */
export interface UploadLimits {
  /** Most file parts. */
  files: number;
  /** Most text fields. */
  fields: number;
  /** Largest text field, in bytes. */
  fieldBytes: number;
  /** The one field that may be larger (the filing's JSON), and its limit. */
  largeField?: { name: string; bytes: number };
}

/** The filing's JSON (`request` part), footprint included: the JSON body's own limit. */
const FILING_JSON_BYTES = 4 * 1024 * 1024;

/**
 * The limits of each multipart route. Text fields are held in memory while the body is read:
 * few and small, so that no request holds more than a few megabytes (files go to disk).
 */
export const UPLOAD_LIMITS = {
  /** POST request, PUT request/{id}: the JSON part `request` and a `document-{type}` per piece. */
  filing: {
    files: 40,
    fields: 2,
    fieldBytes: 1024,
    largeField: { name: 'request', bytes: FILING_JSON_BYTES },
  },
  /** POST document: requestId, stdUserId, typeDocumentId, then the file. */
  document: { files: 1, fields: 4, fieldBytes: 1024 },
  /**
   * The works phase: the reception's photos, plans and compaction results, refusal
   * or road-disturbance photos (5 at most each), with a JSON field (the outcome, the report) and
   * the photos' positions.
   */
  works: { files: 12, fields: 3, fieldBytes: 16 * 1024 },
  /** The documents library: title and category, then the file. */
  library: { files: 1, fields: 2, fieldBytes: 1024 },
  /** One file and nothing else to say: the edited order, a template. */
  singleFile: { files: 1, fields: 2, fieldBytes: 1024 },
  /** The signed orders: one PDF per act of the request (permission, alignment, traffic order). */
  signedOrders: { files: 3, fields: 2, fieldBytes: 1024 },
} as const satisfies Record<string, UploadLimits>;

/** busboy's limits for a multipart body read without readUploadParts (app.ts): one small file. */
export const UPLOAD_LIMITS_DEFAULT = {
  files: 1,
  fields: 2,
  parts: 3,
  fieldSize: 1024,
  headerPairs: 16,
} as const;

const MEGABYTE = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= MEGABYTE ? `${String(Math.floor(bytes / MEGABYTE))} Mo` : `${String(Math.ceil(bytes / 1024))} Ko`;

/** The French answers of a multipart body over its limits or malformed. */
export const MULTIPART_MESSAGES = {
  tooManyFiles: (max: number) => `Le formulaire envoie trop de fichiers (${String(max)} au plus).`,
  tooManyFields: (max: number) => `Le formulaire envoie trop de champs (${String(max)} au plus).`,
  tooManyParts: (max: number) => `Le formulaire envoie trop de parties (${String(max)} au plus).`,
  fieldTooLarge: (name: string, bytes: number) =>
    `Le champ « ${name} » est trop volumineux (${sizeText(bytes)} au plus).`,
  overLimits: 'Le formulaire envoyé compte trop de fichiers, de champs ou de parties.',
  fileTooLarge: 'Le fichier envoyé est trop volumineux.',
  forbiddenName: "Un nom de champ du formulaire n'est pas accepté.",
  invalidJsonField: "Un champ JSON du formulaire n'est pas valide.",
  malformed: 'Le formulaire envoyé est mal formé.',
  interrupted: "L'envoi a été interrompu avant sa fin.",
  notMultipart: "Ce type de contenu n'est pas accepté.",
} as const;

/** The French error of a @fastify/multipart (or busboy) refusal under these limits. */
export function multipartError(error: unknown, limits: UploadLimits): AppError {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new AppError('BAD_REQUEST', MULTIPART_MESSAGES.tooManyFiles(limits.files));
    case 'FST_FIELDS_LIMIT':
      return new AppError('BAD_REQUEST', MULTIPART_MESSAGES.tooManyFields(limits.fields));
    case 'FST_PARTS_LIMIT':
      return new AppError('BAD_REQUEST', MULTIPART_MESSAGES.tooManyParts(limits.files + limits.fields));
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', MULTIPART_MESSAGES.fileTooLarge);
    case 'FST_PROTO_VIOLATION':
      return new AppError('BAD_REQUEST', MULTIPART_MESSAGES.forbiddenName);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('BAD_REQUEST', MULTIPART_MESSAGES.invalidJsonField);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_MESSAGES.notMultipart);
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError('BAD_REQUEST', MULTIPART_MESSAGES.interrupted);
    default:
      // busboy's own errors (no boundary, a malformed header, the body ending mid-part).
      return new AppError('BAD_REQUEST', MULTIPART_MESSAGES.malformed);
  }
}
