import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PUBLIC_ACTS_URLS, type PublicAct, type PublicActsPage } from '@voirie/domain';
import { http } from '../../../api';

/** The http client's paths are relative to /api. */
const relative = (url: string) => url.replace(/^\/api\//, '');

export interface PublicActsSearch {
  q: string;
  town: string;
  page: number;
}

/** GET public/acts: the published acts, newest first, searched (no session). */
export function publicActsQueryOptions(search: PublicActsSearch) {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.town) params.set('town', search.town);
  if (search.page > 1) params.set('page', String(search.page));
  const query = params.toString();
  return queryOptions({
    queryKey: ['public-acts', search],
    queryFn: async () =>
      (await http.get<PublicActsPage>(`${relative(PUBLIC_ACTS_URLS.api)}${query ? `?${query}` : ''}`)).data,
    // The previous page stays shown while the next loads: the list does not jump.
    placeholderData: keepPreviousData,
  });
}

/** GET public/acts/{number}: one published act; NOT_FOUND when it is not published. */
export function publicActQueryOptions(number: string) {
  return queryOptions({
    queryKey: ['public-act', number],
    // Silent: the page says itself that the act is not published.
    queryFn: async () =>
      (await http.get<PublicAct>(relative(PUBLIC_ACTS_URLS.apiAct(number)), { silent: true })).data,
    retry: false,
  });
}
