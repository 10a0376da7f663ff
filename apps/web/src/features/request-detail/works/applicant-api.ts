import { queryOptions } from '@tanstack/react-query';
import type {
  ChooseAppointmentInput,
  PhotoPosition,
  ReceptionOption,
  RequestComment,
  RequestDetail,
  RequestManagers,
} from '@voirie/domain';
import { http } from '../../../api';

// The applicant's works-phase calls (docs/api-works.md). The actions answer
// `{ success, message: <notice>, data }`: the request after the change, except the extension,
// which answers the new request. They are silent: the dialogs show the failure themselves.

const SILENT = { silent: true } as const;
const requestPath = (id: string | number, rest = '') => `request/${encodeURIComponent(String(id))}${rest}`;

/** The reception's file parts, by document type (photo, extra photo, plans, compaction results). */
export const RECEPTION_PARTS = ['document-104', 'document-105', 'document-102', 'document-103'] as const;
export type ReceptionPart = (typeof RECEPTION_PARTS)[number];

export interface ReceptionRequest {
  option: ReceptionOption;
  files: Partial<Record<ReceptionPart, File>>;
  /** Where the device was when each photo was chosen (parts without a file are left out). */
  positions: Partial<Record<ReceptionPart, PhotoPosition>>;
}

/** The multipart body of a reception on photos: option, files and the photos' positions. */
export function receptionForm(input: ReceptionRequest): FormData {
  const form = new FormData();
  form.append('option', input.option);
  const positions: Partial<Record<ReceptionPart, PhotoPosition>> = {};
  for (const part of RECEPTION_PARTS) {
    const file = input.files[part];
    if (!file) continue;
    form.append(part, file);
    const position = input.positions[part];
    if (position) positions[part] = position;
  }
  if (Object.keys(positions).length > 0) form.append('positions', JSON.stringify(positions));
  return form;
}

/** POST request/{id}/reception: multipart with the files, or JSON `{ option }` without any. */
export function requestReception(id: string | number, input: ReceptionRequest) {
  const hasFiles = RECEPTION_PARTS.some((part) => input.files[part]);
  const body = hasFiles ? receptionForm(input) : { option: input.option };
  return http.post<RequestDetail>(requestPath(id, '/reception'), body, SILENT);
}

/** POST request/{id}/appointments/choice: the chosen proposal (1 to 3). */
export function chooseAppointment(id: string | number, choice: ChooseAppointmentInput['choice']) {
  return http.post<RequestDetail>(requestPath(id, '/appointments/choice'), { choice }, SILENT);
}

/** POST request/{id}/appointments/decline: 'Aucune disponibilité'. */
export function declineAppointments(id: string | number) {
  return http.post<RequestDetail>(requestPath(id, '/appointments/decline'), undefined, SILENT);
}

/** POST request/extension/{id}: answers the new extension request (the original goes to 10). */
export function extendRequest(id: string | number, dates: { dateStart: string; dateEnd: string }) {
  return http.post<RequestDetail>(`request/extension/${encodeURIComponent(String(id))}`, dates, SILENT);
}

/** POST request/{id}/cancel-works. */
export function cancelWorks(id: string | number) {
  return http.post<RequestDetail>(requestPath(id, '/cancel-works'), undefined, SILENT);
}

/** DELETE document/{id}: answers the request after the change. */
export function deleteDocument(documentId: number) {
  return http.delete<RequestDetail>(`document/${String(documentId)}`, SILENT);
}

const READ = { ...SILENT, overlay: false } as const;

/** GET request/{id}/managers: the instructor and the road managers. */
export function managersQueryOptions(id: string | number) {
  return queryOptions({
    queryKey: ['request', String(id), 'managers'],
    queryFn: async () =>
      (await http.get<RequestManagers>(requestPath(id, '/managers'), READ)).data ?? {
        instructor: null,
        roadManagers: [],
      },
    retry: false,
  });
}

/** GET request/{id}/comments: every comment, in time order. */
export function commentsQueryOptions(id: string | number) {
  return queryOptions({
    queryKey: ['request', String(id), 'comments'],
    queryFn: async () => (await http.get<RequestComment[]>(requestPath(id, '/comments'), READ)).data ?? [],
    retry: false,
    // Read again each time the viewer opens it: an action may have added one.
    staleTime: 0,
  });
}
