import { queryOptions } from '@tanstack/react-query';
import type {
  InstructorChoice,
  LetterDraft,
  LetterKind,
  PhotoPosition,
  RecordReceptionInput,
  RoadDisturbanceInput,
} from '@voirie/domain';
import { http } from '../../../api';
import type { RequestDetail } from '../api/instruction-api';

// The instructor's works-phase calls (docs/api-works.md). Each action answers
// `{ success, message: <notice>, data: <the request after the change> }`. The calls are silent:
// the dialogs show the failure's message themselves.

const path = (id: string | number, rest: string) => `request/${encodeURIComponent(String(id))}${rest}`;
const SILENT = { silent: true } as const;

/** The device's place per file part, sent as `positions` (docs/api-works.md). */
export type PhotoPositions = Readonly<Record<string, PhotoPosition>>;

/** Photos sent with a report: the files (part `photo`) and, optionally, where they were taken. */
export interface PhotoUpload {
  photos: readonly File[];
  positions?: PhotoPositions;
}

/**
 * The body of a report with photos: multipart with the JSON under `field`, each photo as a
 * `photo` part and the optional `positions`; without photos, the JSON alone.
 */
function reportBody(field: string, json: object, upload: PhotoUpload): FormData | object {
  if (upload.photos.length === 0) return json;
  const form = new FormData();
  form.append(field, JSON.stringify(json));
  for (const photo of upload.photos) form.append('photo', photo);
  if (upload.positions && Object.keys(upload.positions).length > 0)
    form.append('positions', JSON.stringify(upload.positions));
  return form;
}

/** POST request/{id}/appointments: one to three ISO date-times, each in the future. */
export function proposeAppointments(id: string | number, appointments: readonly string[]) {
  return http.post<RequestDetail>(path(id, '/appointments'), { appointments }, SILENT);
}

/** POST request/{id}/reception/outcome: the instructor's outcome, with up to 5 refusal photos. */
export function recordReception(id: string | number, reception: RecordReceptionInput, upload: PhotoUpload) {
  return http.post<RequestDetail>(
    path(id, '/reception/outcome'),
    reportBody('reception', reception, upload),
    SILENT,
  );
}

/** POST request/{id}/letters/{kind}: drafts a reception letter from the dialog's current values. */
export function generateLetter(
  id: string | number,
  kind: Exclude<LetterKind, 'disturbanceMinutes'>,
  draft: LetterDraft,
) {
  return http.post<RequestDetail>(path(id, `/letters/${kind}`), draft, SILENT);
}

/** POST request/{id}/letters/disturbanceMinutes: drafts the road-disturbance minutes. */
export function generateDisturbanceMinutes(id: string | number) {
  return http.post<RequestDetail>(path(id, '/letters/disturbanceMinutes'), {}, SILENT);
}

/** PUT request/{id}/letters/{kind} (multipart `file`, DOCX or PDF): the edited letter. */
export function replaceLetter(id: string | number, kind: LetterKind, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.put<RequestDetail>(path(id, `/letters/${kind}`), form, SILENT);
}

/** POST request/{id}/letters/formalNotice/signed (multipart `file`, PDF): the signed formal notice, an act. */
export function recordSignedFormalNotice(id: string | number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<RequestDetail>(path(id, '/letters/formalNotice/signed'), form, SILENT);
}

/** POST document/elise/{documentId}: the formal notice goes to the records system. */
export function archiveFormalNotice(documentId: number) {
  return http.post<RequestDetail>(`document/elise/${String(documentId)}`, undefined, SILENT);
}

/** POST request/{id}/road-disturbance: the report, with up to 5 photos (type 111). */
export function declareRoadDisturbance(
  id: string | number,
  report: RoadDisturbanceInput,
  upload: PhotoUpload,
) {
  return http.post<RequestDetail>(
    path(id, '/road-disturbance'),
    reportBody('report', report, upload),
    SILENT,
  );
}

/** GET instructors: whom a road-disturbance report may name as its witness. */
export function instructorsQueryOptions() {
  return queryOptions({
    queryKey: ['instructors'],
    queryFn: async () =>
      (await http.get<InstructorChoice[]>('instructors', { ...SILENT, overlay: false })).data ?? [],
    retry: false,
    staleTime: 5 * 60_000,
  });
}
