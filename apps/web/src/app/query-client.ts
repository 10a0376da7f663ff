import { QueryClient } from '@tanstack/react-query';

/** The HTTP client already reports failures: retrying would repeat the toast and the overlay. */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
