import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PerimeterRef } from '@voirie/domain';
import { useDebouncedValue } from '../../../shared/use-debounced-value';
import { searchPerimeters } from '../../../api/perimeter';
import { GROUPS_KEY } from '../api/groups-api';

/**
 * Suggestions of an autocomplete: GET perimeter?type&q&limit=10, 200 ms after the last key
 * (docs/constants.md "Limits and timings").
 */
export function usePerimeterSuggestions(
  type: PerimeterRef['type'] | 'operator',
  text: string,
  enabled = true,
) {
  const q = useDebouncedValue(text.trim(), 200);
  return useQuery({
    queryKey: [...GROUPS_KEY, 'suggestions', type, q],
    queryFn: () => searchPerimeters({ type, q, limit: 10 }, { silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
