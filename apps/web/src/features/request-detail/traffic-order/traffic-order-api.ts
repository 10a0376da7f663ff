import type { RequestDetail } from '@voirie/domain';
import { http } from '../../../api';
import type { TrafficOrderBody } from './traffic-order-form';

/** PUT request/{id}/cerfa14024 (docs/api-instruction.md): the completed form; answers the request and its notice. */
export async function completeTrafficOrder(requestId: number, input: TrafficOrderBody) {
  const answer = await http.put<RequestDetail>(`request/${String(requestId)}/cerfa14024`, input, {
    silent: true,
  });
  return { request: answer.data, message: answer.message };
}
