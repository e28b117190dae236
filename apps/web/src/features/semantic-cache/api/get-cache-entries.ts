import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_ENTRIES_LIMIT, type CacheEntry } from '@tokenwise/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { SEMANTIC_CACHE_QUERY_KEY } from './query-keys.ts';

export interface CacheEntriesPage {
  entries: CacheEntry[];
  /** All live entries of the account, for the pager. */
  total: number;
}

/** `GET /v1/semantic-cache/entries`: one page of 20 (spec section 9), newest first. */
export function getCacheEntries(offset: number): Promise<CacheEntriesPage> {
  return apiRequest<CacheEntriesPage>(
    `/v1/semantic-cache/entries?limit=${CACHE_ENTRIES_LIMIT}&offset=${offset}`,
  );
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
