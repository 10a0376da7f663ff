import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchPerimeters } from '../api/perimeter';
import { useDebouncedValue } from './use-debounced-value';

/** The autocompletes' queries: refreshed too when a group is saved (its name may be offered). */
export const PERIMETER_SUGGESTIONS_KEY = ['perimeter', 'suggestions'] as const;

/**
 * Suggestions of a perimeter autocomplete: GET perimeter?type&q&limit=10, 200 ms after the last
 * key (docs/constants.md "Limits and timings"). `type` is a territory type (town, epci, department), operator or soustraitant.
 */
export function usePerimeterSuggestions(type: string, text: string, enabled = true) {
  const q = useDebouncedValue(text.trim(), 200);
  return useQuery({
    queryKey: [...PERIMETER_SUGGESTIONS_KEY, type, q],
    queryFn: ({ signal }) => searchPerimeters({ type, q, limit: 10 }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}
