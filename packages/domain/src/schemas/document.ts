import { z } from 'zod';
import { isoDateTime, text } from './common.ts';
import { DatabaseIdTextSchema } from './ids.ts';
import { PersonNameSchema } from './detail-place.ts';

/** A document type (`GET typedocument`). */
export const DocumentTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  categorie: text,
  nature: text,
  isMandatory: z.boolean().nullish(),
  isMandatoryReseaux: z.boolean().nullish(),
  /** Which form the type belongs to (1 or 2 in the original data). */
  cerfa: z.number().int().nullish(),
});
export type DocumentType = z.infer<typeof DocumentTypeSchema>;

/** A document attached to a request, as returned (docs/data-model.md "Entities"). */
export const DocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  mimeType: z.string(),
  createdAt: isoDateTime,
  requestId: z.number().int(),
  stdUserId: z.number().int().nullish(),
  typeDocumentId: z.number().int(),
  typeDocument: DocumentTypeSchema.pick({ id: true, name: true, categorie: true, nature: true }).nullish(),
  /** Photos: where it was taken (the device's position, or the file's EXIF GPS). */
  lat: z.number().nullish(),
  lon: z.number().nullish(),
  positionSource: z.enum(['device', 'exif']).nullish(),
  /** Photos: metres between where it was taken and the works (flagged above 200 m). */
  distanceMetres: z.number().nullish(),
  /** Letters: when it was mailed to the applicant (null: a draft). */
  sentAt: z.string().nullish(),
  /** Who put it: instructors and admins see everyone's name, others only their own (detail-place.ts). */
  uploader: PersonNameSchema.nullish(),
  /** The viewer may delete it now (the domain's canDeleteDocument, decided by the server). */
  canDelete: z.boolean().optional(),
});
export type Document = z.infer<typeof DocumentSchema>;

/** The fields sent with an upload (`POST document`, multipart with `file`). */
export const DocumentUploadSchema = z.object({
  requestId: DatabaseIdTextSchema,
  stdUserId: DatabaseIdTextSchema.optional(),
  typeDocumentId: DatabaseIdTextSchema,
});
export type DocumentUpload = z.infer<typeof DocumentUploadSchema>;
