import { DOCUMENT_TYPE, type Document, type RequestDetail } from '@voirie/domain';
import { http } from '../../../api';
import type { decisionInput } from './decision-form';

// The decision dialog's calls (docs/api-instruction.md "Decision"). Silent: the dialog shows the
// failures in its own alert.

/** POST document: one decision annex (type 97, PDF), multipart {file, requestId, typeDocumentId}. */
export async function uploadDecisionAnnex(requestId: number, file: File) {
  const body = new FormData();
  body.append('requestId', String(requestId));
  body.append('typeDocumentId', String(DOCUMENT_TYPE.DECISION_ANNEX));
  body.append('file', file, file.name);
  return (await http.post<Document>('document', body, { silent: true })).data;
}

/** PUT request/{id}/decision: the decision; answers the request after the change and its notice. */
export async function saveDecision(requestId: number, input: ReturnType<typeof decisionInput>) {
  const answer = await http.put<RequestDetail>(`request/${String(requestId)}/decision`, input, {
    silent: true,
  });
  return { request: answer.data, message: answer.message };
}
