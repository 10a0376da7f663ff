import { useQuery } from '@tanstack/react-query';
import { publicConfigQueryOptions } from '../api/config-api';

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions()).data;
}
