import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { WorksCalendar, WorksCalendarQuery } from '@voirie/domain';
import { http } from '../../../api';

/** GET works-calendar?from&to&insee&type&operator&q (instructors, administrators, road managers). */
export function worksCalendarQueryOptions(query: WorksCalendarQuery, enabled = true) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)] as [string, string]),
  );
  return queryOptions({
    queryKey: ['works-calendar', query],
    queryFn: async () => (await http.get<WorksCalendar>(`works-calendar?${search.toString()}`)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
