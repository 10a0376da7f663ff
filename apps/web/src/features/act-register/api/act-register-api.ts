import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ActAcknowledgement,
  ActNature,
  ActNumbering,
  ActNumberingView,
  ActRegisterPage,
  ActTransmission,
  ActTransmissionSettings,
  RegisteredAct,
} from '@voirie/domain';
import { API_BASE, http } from '../../../api';

// The register of acts (docs/acts.md): its pages, its CSV, the administrator's number format.

/** The register's filters; '' or undefined: all. */
export interface ActRegisterFilters {
  year?: number;
  nature?: ActNature;
  town?: string;
}

function filtersQuery(filters: ActRegisterFilters, page?: number): string {
  const query = new URLSearchParams();
  if (filters.year !== undefined) query.set('year', String(filters.year));
  if (filters.nature) query.set('nature', filters.nature);
  if (filters.town) query.set('town', filters.town);
  if (page !== undefined) query.set('page', String(page));
  return query.toString();
}

/** GET acts: one page of 50 acts, in register order. */
export function actRegisterQueryOptions(filters: ActRegisterFilters, page: number, enabled = true) {
  return queryOptions({
    queryKey: ['acts', filters, page],
    queryFn: async () => (await http.get<ActRegisterPage>(`acts?${filtersQuery(filters, page)}`)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The CSV of the register with these filters (a download link). */
export function actRegisterCsvUrl(filters: ActRegisterFilters): string {
  const query = filtersQuery(filters);
  return `${API_BASE}/acts/export.csv${query ? `?${query}` : ''}`;
}

/** The printable register of one year, its tables by date and by subject (a download link). */
export function actRegisterPdfUrl(year: number): string {
  return `${API_BASE}/acts/register.pdf?year=${String(year)}`;
}

/** GET acts/numbering (administrators). */
export function actNumberingQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: ['acts', 'numbering'],
    queryFn: async () => (await http.get<ActNumberingView>('acts/numbering')).data,
    enabled,
  });
}

/** PUT acts/numbering. Silent: a refusal is shown on the field. */
export function saveActNumbering(body: ActNumbering) {
  return http.put<ActNumberingView>('acts/numbering', body, { silent: true });
}

/** The signed PDF of an act: the download route of a request's documents (GET document/{id}/file). */
export function signedPdfUrl(documentId: number): string {
  return `${API_BASE}/document/${String(documentId)}/file`;
}

/** The act's ACTES package for the prefect (a download link). */
/** The certificate of publication and executory character (sealed PDF). */
export function certificateUrl(number: string): string {
  return `${API_BASE}/acts/${encodeURIComponent(number)}/certificate.pdf`;
}

export function actesPackageUrl(number: string): string {
  return `${API_BASE}/acts/${encodeURIComponent(number)}/actes.zip`;
}

/**
 * POST acts/{number}/publication: « Réessayer la publication ». The act as it now is; a failure
 * of the attempt is answered too, its message saying so (a refusal toasts on its own).
 */
export function retryPublication(number: string) {
  return http.post<RegisteredAct>(`acts/${encodeURIComponent(number)}/publication`);
}

/** PUT acts/{number}/transmission: the prefecture's acknowledgement. Silent: shown in the dialog. */
export function saveAcknowledgement(number: string, body: ActAcknowledgement) {
  return http.put<ActTransmission>(`acts/${encodeURIComponent(number)}/transmission`, body, { silent: true });
}

/** GET acts/transmission: the natures transmitted to the prefect. */
export function transmissionQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: ['acts', 'transmission'],
    queryFn: async () => (await http.get<ActTransmissionSettings>('acts/transmission')).data,
    enabled,
  });
}

/** PUT acts/transmission (administrators). */
export function saveTransmission(body: ActTransmissionSettings) {
  return http.put<ActTransmissionSettings>('acts/transmission', body);
}
