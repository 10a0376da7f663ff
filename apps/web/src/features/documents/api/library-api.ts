import { queryOptions } from '@tanstack/react-query';
import type { LibraryDocument, LibraryDocumentForm } from '@voirie/domain';
import { API_BASE, http } from '../../../api';

export const LIBRARY_KEY = ['library'] as const;

/** GET library: every reference document (every signed-in user). */
export function libraryQueryOptions() {
  return queryOptions({
    queryKey: LIBRARY_KEY,
    queryFn: async () => (await http.get<LibraryDocument[]>('library')).data,
  });
}

/** The address of a document's file (GET library/{id}/file), downloaded by a link. */
export function libraryFileUrl(id: number): string {
  return `${API_BASE}/library/${String(id)}/file`;
}

/** POST library (multipart: title, category, then the file). Silent: the dialog shows the refusal. */
export function addLibraryDocument(input: LibraryDocumentForm & { file: File }) {
  const form = new FormData();
  form.append('title', input.title);
  form.append('category', input.category);
  form.append('file', input.file);
  return http.post<LibraryDocument>('library', form, { silent: true });
}

/** DELETE library/{id}. Silent: the dialog shows the refusal. */
export function deleteLibraryDocument(id: number) {
  return http.delete<null>(`library/${String(id)}`, { silent: true });
}
