import {
  checkUpload,
  DOCUMENT_TYPE_NAMES,
  LOCATED_PHOTO_TYPE_IDS,
  mimeTypeLabel,
  receptionFiles,
  UPLOAD_MIME_TYPES,
  type ReceptionOption,
  type ReceptionVariant,
  type RequestKind,
} from '@voirie/domain';
import type { ReceptionPart } from './applicant-api';

// The reception request dialog's rules (docs/screens.md "Request detail", docs/validation.md
// "Reception dialogs"), as the domain states them: which variant a state opens, which files it asks
// for, which types it accepts, when it may be sent.

export interface ReceptionFileField {
  part: ReceptionPart;
  typeDocumentId: number;
  label: string;
  required: boolean;
  /** A photo: the device's position is asked when it is chosen. */
  located: boolean;
}

const partOf = (typeDocumentId: number) => `document-${String(typeDocumentId)}` as ReceptionPart;

/** The option sent: the photo-only dialog always sends 'Photos'. */
export function sentOption(variant: ReceptionVariant, chosen: ReceptionOption | ''): ReceptionOption | '' {
  return variant === 'photos' ? 'Photos' : chosen;
}

/**
 * The file inputs shown: none until Photos is chosen in the combined dialog; then the files the
 * domain asks of the request's kind (a network permission adds its plans and compaction results).
 */
export function receptionFileFields(
  kind: RequestKind,
  variant: ReceptionVariant,
  chosen: ReceptionOption | '',
): readonly ReceptionFileField[] {
  if (sentOption(variant, chosen) !== 'Photos') return [];
  return receptionFiles(kind, variant).map((file) => ({
    part: partOf(file.typeDocumentId),
    typeDocumentId: file.typeDocumentId,
    // The type's name, as the server names a file sent without one.
    label: DOCUMENT_TYPE_NAMES[file.typeDocumentId] ?? '',
    required: file.required,
    located: LOCATED_PHOTO_TYPE_IDS.includes(file.typeDocumentId),
  }));
}

/** The upload context whose types the variant accepts (jpeg, bmp, png, pdf; or jpeg, png, pdf). */
export function receptionUploadContext(variant: ReceptionVariant) {
  return variant === 'photos' ? ('receptionPhotos' as const) : ('receptionCombined' as const);
}

/** The `accept` attribute of the variant's file inputs. */
export function receptionAccept(variant: ReceptionVariant): string {
  return UPLOAD_MIME_TYPES[receptionUploadContext(variant)].join(',');
}

/** 'JPEG, BMP, PNG, PDF': the accepted formats as the hint says them. */
export function receptionFormats(variant: ReceptionVariant): string {
  return UPLOAD_MIME_TYPES[receptionUploadContext(variant)].map(mimeTypeLabel).join(', ');
}

/** The refusal of a chosen file (type, size), or null when it may be sent. */
export function checkReceptionFile(variant: ReceptionVariant, file: File, maxBytes: number): string | null {
  return checkUpload(receptionUploadContext(variant), { mimeType: file.type, size: file.size }, maxBytes);
}

/** True when the dialog may be sent: an option, and every required file of the option chosen. */
export function canSendReception(
  kind: RequestKind,
  variant: ReceptionVariant,
  chosen: ReceptionOption | '',
  files: Partial<Record<ReceptionPart, File>>,
): boolean {
  const option = sentOption(variant, chosen);
  if (!option) return false;
  return receptionFileFields(kind, variant, option).every(
    (entry) => !entry.required || Boolean(files[entry.part]),
  );
}
