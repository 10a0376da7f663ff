import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from '@voirie/domain';
import { http } from '../../../api';

/** GET config: read once; silent and without the overlay, since nobody asked for it. */
export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['config'],
    queryFn: async () => (await http.get<PublicConfig>('config', { silent: true, overlay: false })).data,
    staleTime: Infinity,
  });
}
