import { queryOptions } from '@tanstack/react-query';
import { PUBLIC_WORKS_CACHE_SECONDS, PUBLIC_WORKS_URLS, type PublicWorksCollection } from '@voirie/domain';
import { http } from '../../../api';

/** GET public/works.geojson: the works under way or to come (no session, no personal data). */
export function publicWorksQueryOptions() {
  return queryOptions({
    queryKey: ['public-works'],
    queryFn: () => http.getDocument<PublicWorksCollection>(PUBLIC_WORKS_URLS.geojson.replace(/^\/api\//, '')),
    // The server's answer is cacheable that long: asking again sooner brings nothing new.
    staleTime: PUBLIC_WORKS_CACHE_SECONDS * 1000,
  });
}
