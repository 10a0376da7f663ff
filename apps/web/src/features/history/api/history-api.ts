import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { HistoryItem, HistoryPage } from '@voirie/domain';
import { http } from '../../../api';

/** The page size of the admin history page (the API accepts up to 250). */
export const HISTORY_PAGE_SIZE = 50;

/**
 * GET log/{entity}/{id}: one entity's history, newest first (docs/screens.md "History"). Silent:
 * the timeline words its failure.
 */
export function entityHistoryQueryOptions(entity: string, id: string | number) {
  return queryOptions({
    queryKey: ['log', entity, String(id)],
    queryFn: async () =>
      (
        await http.get<HistoryItem[]>(`log/${encodeURIComponent(entity)}/${encodeURIComponent(String(id))}`, {
          silent: true,
          overlay: false,
        })
      ).data,
    retry: false,
  });
}

/** GET log (admins): the latest entries of every entity, one page at a time (the API's HistoryPage). */
export function latestHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['log', 'latest', page],
    queryFn: async (): Promise<Pick<HistoryPage, 'data' | 'pagination'>> => {
      const body = await http.getDocument<HistoryPage>(
        `log?page=${String(page)}&numItemsPerPage=${String(HISTORY_PAGE_SIZE)}`,
      );
      return { data: body.data, pagination: body.pagination };
    },
    placeholderData: keepPreviousData,
  });
}
