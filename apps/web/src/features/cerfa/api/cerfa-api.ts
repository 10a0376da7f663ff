import { http } from '../../../api';
import type { CerfaType } from '../model/cerfa-types';

/**
 * GET request/{id}/pdf/{cerfaType} (docs/api-instruction.md "Cerfa views"): the answer's message is
 * the address of the generated PDF, which the caller opens.
 */
export async function fetchCerfaPdfUrl(requestId: number | string, type: CerfaType): Promise<string> {
  const answer = await http.get<null>(`request/${encodeURIComponent(String(requestId))}/pdf/${type}`);
  return answer.message;
}
