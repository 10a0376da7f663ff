import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LogEntry } from '@voirie/domain';
import { http } from '../../../api';

/** The page size of the admin history page (the API accepts up to 250). */
export const HISTORY_PAGE_SIZE = 50;

export interface LatestHistory {
  data: LogEntry[];
  pagination: { page: number; numItemsPerPage: number; total: number; pages: number };
}

/** GET log/{entity}/{id}: one entity's history, newest first (spec 2 §2.6). Silent: the timeline words its failure. */
export function entityHistoryQueryOptions(entity: string, id: string | number) {
  return queryOptions({
    queryKey: ['log', entity, String(id)],
    queryFn: async () =>
      (await http.get<LogEntry[]>(`log/${encodeURIComponent(entity)}/${encodeURIComponent(String(id))}`, { silent: true, overlay: false })).data,
    retry: false,
  });
}

/** GET log (admins): the latest entries of every entity, one page at a time. */
export function latestHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['log', 'latest', page],
    queryFn: async (): Promise<LatestHistory> => {
      const body = await http.getDocument<Partial<LatestHistory>>(`log?page=${String(page)}&numItemsPerPage=${String(HISTORY_PAGE_SIZE)}`);
      const data = body.data ?? [];
      return { data, pagination: body.pagination ?? { page, numItemsPerPage: HISTORY_PAGE_SIZE, total: data.length, pages: 1 } };
    },
    placeholderData: keepPreviousData,
  });
}
