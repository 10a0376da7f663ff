import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Statistics, StatisticsQuery } from '@voirie/domain';
import { http } from '../../../api';

/** GET statistics?from&to&type&insee (instructors and administrators). */
export function statisticsQueryOptions(query: StatisticsQuery, enabled = true) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)] as [string, string]),
  );
  return queryOptions({
    queryKey: ['statistics', query],
    queryFn: async () => (await http.get<Statistics>(`statistics?${search.toString()}`)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
