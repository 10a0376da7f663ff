import { queryOptions } from '@tanstack/react-query';
import type {
  ActKind,
  ReorientationTarget,
  RequestCompletenessInput,
  RequestDetail,
  RequestRow,
  RequestSignatories,
} from '@voirie/domain';
import { http, type ApiSuccess } from '../../../api';

// The instruction calls of the request page (docs/api-instruction.md). Every action answers
// `{ success, message: <notice>, data: <the request after the change> }`. The calls are silent:
// the dialogs (or the actions bar) show the failure's message themselves.

/** `GET request/{id}` as the API's response schema declares it (RequestDetailSchema). */
export type { RequestDetail };

/** A reorientation target and the mailbox the server would send to (null: not configured). */
export interface ReorientationTargetOption {
  value: ReorientationTarget;
  label: string;
  mail: string | null;
}

export type ActionAnswer = ApiSuccess<RequestDetail>;

const path = (id: string | number, rest = '') => `request/${encodeURIComponent(String(id))}${rest}`;
const SILENT = { silent: true } as const;

/** POST request/{id}/completeness. */
export function requestCompleteness(id: string | number, input: RequestCompletenessInput) {
  return http.post<RequestDetail>(path(id, '/completeness'), input, SILENT);
}

/** GET request/{id}/reorientation-targets. */
export function reorientationTargetsQueryOptions(id: string | number) {
  return queryOptions({
    queryKey: ['request', String(id), 'reorientation-targets'],
    queryFn: async () =>
      (
        await http.get<ReorientationTargetOption[]>(path(id, '/reorientation-targets'), {
          ...SILENT,
          overlay: false,
        })
      ).data ?? [],
    retry: false,
  });
}

/** POST request/{id}/reorient: the server resolves the mailbox of the target. */
export function reorient(id: string | number, target: ReorientationTarget) {
  return http.post<RequestDetail>(path(id, '/reorient'), { target }, SILENT);
}

/** GET request/{id}/signatories: who may sign the orders, and the one preselected (docs/acts.md). */
export function signatoriesQueryOptions(id: string | number) {
  return queryOptions({
    queryKey: ['request', String(id), 'signatories'],
    queryFn: async () =>
      (await http.get<RequestSignatories>(path(id, '/signatories'), { ...SILENT, overlay: false })).data ?? {
        signatories: [],
        defaultId: null,
      },
    retry: false,
  });
}

/** POST request/{id}/order: generates the orders, signed by the account chosen. */
export function generateOrder(id: string | number, signatoryId: number) {
  return http.post<RequestDetail>(path(id, '/order'), { signatoryId }, SILENT);
}

function filesForm(files: Readonly<Record<string, File>>): FormData {
  const form = new FormData();
  for (const [field, file] of Object.entries(files)) form.append(field, file);
  return form;
}

/**
 * PUT request/{id}/order (multipart `file`, DOCX or PDF): the edited order — of `act` when given
 * (docs/api-instruction.md "Acts"), else of the request's own act.
 */
export function replaceOrder(id: string | number, file: File, act?: ActKind) {
  return http.put<RequestDetail>(path(id, `/order${act ? `?act=${act}` : ''}`), filesForm({ file }), SILENT);
}

/** POST request/{id}/signature: the order goes to signature. */
export function submitForSignature(id: string | number) {
  return http.post<RequestDetail>(path(id, '/signature'), undefined, SILENT);
}

/**
 * POST request/{id}/signature/signed: the signed orders, one PDF per act in the field named by
 * the act (`permission`, `alignment`, `traffic`), or `file` for a request of one act.
 */
export function uploadSignedOrders(id: string | number, files: Readonly<Record<string, File>>) {
  return http.post<RequestDetail>(path(id, '/signature/signed'), filesForm(files), SILENT);
}

/** POST request/{id}/signature/refusal: the signatory refused, with an optional reason. */
export function refuseSignature(id: string | number, comment: string | null) {
  return http.post<RequestDetail>(path(id, '/signature/refusal'), comment ? { comment } : {}, SILENT);
}

/** POST request/{id}/cancel; the answer's data is the list's row, not the detail. */
export function cancelRequest(id: string | number) {
  return http.post<RequestRow>(path(id, '/cancel'), undefined, SILENT);
}

/** DELETE request/{id}: the applicant withdraws a request not yet decided. */
export function withdrawRequest(id: string | number) {
  return http.delete<RequestRow>(path(id, ''), SILENT);
}

/** The URL of a stored document's file (GET document/{id}/file). */
export function documentFileUrl(documentId: number): string {
  return `/api/document/${String(documentId)}/file`;
}
