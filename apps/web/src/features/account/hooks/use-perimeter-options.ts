import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { searchPerimeters } from '../../../api/perimeter';

const DEBOUNCE_MS = 250;

/** The autocomplete's choices for a type and a typed text (GET perimeter, 10 at most), once typing pauses. */
export function usePerimeterOptions(type: string, input: string, enabled: boolean) {
  const [query, setQuery] = useState(input);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  return useQuery({
    queryKey: ['perimeter', 'autocomplete', type, query.trim()],
    queryFn: ({ signal }) => searchPerimeters({ type, q: query.trim(), limit: 10 }, { silent: true, signal }),
    enabled,
    staleTime: 60_000,
  });
}
