import type { RequestDetail } from '@voirie/domain';
import { http } from '../../../api';

/** PUT request/{id}/cerfa14024 (docs/api-instruction.md): the completed form; answers the request and its notice. */
export async function completeTrafficOrder(requestId: number, input: Record<string, unknown>) {
  const answer = await http.put<RequestDetail>(`request/${String(requestId)}/cerfa14024`, input, {
    silent: true,
  });
  return { request: answer.data, message: answer.message };
}
