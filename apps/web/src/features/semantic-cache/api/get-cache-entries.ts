import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_ENTRIES_LIMIT, type CacheEntriesPage, endpoints } from '@tokenwise/contracts';
import { callEndpoint } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

/** `GET /v1/semantic-cache/entries`: one page of 20 (spec section 9), newest first. */
export function getCacheEntries(offset: number): Promise<CacheEntriesPage> {
  return callEndpoint(endpoints.semanticCache.entries, {
    query: { limit: CACHE_ENTRIES_LIMIT, offset },
  });
}

export function cacheEntriesQueryOptions(offset: number) {
  return queryOptions({
    queryKey: [...SEMANTIC_CACHE_QUERY_KEY, 'entries', offset],
    queryFn: () => getCacheEntries(offset),
  });
}

/** The page on screen stays up while the next one loads. */
export function useCacheEntries(offset: number) {
  return useQuery({ ...cacheEntriesQueryOptions(offset), placeholderData: keepPreviousData });
}
