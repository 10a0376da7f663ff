import { queryOptions } from '@tanstack/react-query';
import type { Model, ModelDetail } from '@voirie/domain';
import { API_BASE, http } from '../../../api';

const SILENT = { silent: true } as const;

/** GET modele: the templates, by id (administrators). */
export function templatesQueryOptions() {
  return queryOptions({
    queryKey: ['modele'],
    queryFn: async () => (await http.get<Model[]>('modele')).data,
  });
}

/** GET modele/{id}: one template's file, last change and whether it is the default. Silent: the editor words its failure. */
export function templateQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['modele', id],
    queryFn: async () => (await http.get<ModelDetail>(`modele/${encodeURIComponent(id)}`, SILENT)).data,
    retry: false,
  });
}

/** The address of the template's DOCX (GET modele/{id}/file), downloaded by a link. */
export function templateFileUrl(id: number): string {
  return `${API_BASE}/modele/${String(id)}/file`;
}

/** PUT modele/{id} (multipart `file`, DOCX): the edited template replaces the current one. */
export function saveTemplate(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.put<ModelDetail>(`modele/${String(id)}`, form, SILENT);
}

/** POST modele/{id}/reset: the built-in template is written back. */
export function resetTemplate(id: number) {
  return http.post<ModelDetail>(`modele/${String(id)}/reset`, undefined, SILENT);
}
