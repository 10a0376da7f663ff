import type { DocumentEditor, RequestDetail } from '@voirie/domain';
import { ApiError, http } from '../../../api';

// The portal's document editor (docs/api-instruction.md "Editing in the portal"). Silent calls:
// the editor announces a failure with the spec's words itself.

const SILENT = { silent: true } as const;

/** GET document/{id}/editor: the editable document and which editor opens it. */
export async function openDocumentEditor(documentId: number): Promise<DocumentEditor> {
  const answer = await http.get<DocumentEditor>(`document/${String(documentId)}/editor`, SILENT);
  return answer.data;
}

/** The DOCX the editor loads (GET document/{id}/file with the session). */
export async function loadDocx(fileUrl: string): Promise<ArrayBuffer> {
  const response = await fetch(fileUrl, { credentials: 'same-origin' });
  if (!response.ok)
    throw new ApiError(`Erreur ${String(response.status)} : ${response.statusText}`, response.status);
  return response.arrayBuffer();
}

/** PUT document/{id}/edited: the edited DOCX becomes the document's new version. */
export function saveEditedDocument(editor: Pick<DocumentEditor, 'documentId' | 'name'>, docx: ArrayBuffer) {
  const form = new FormData();
  form.append(
    'file',
    new File([docx], editor.name, {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    }),
  );
  return http.put<RequestDetail>(`document/${String(editor.documentId)}/edited`, form, SILENT);
}
