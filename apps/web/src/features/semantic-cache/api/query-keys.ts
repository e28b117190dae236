/**
 * Every cache query lives under one prefix: a delete, a clear or a pattern invalidation changes
 * the entries, the analytics and the stats at once, so mutations invalidate the whole prefix.
 */
export const SEMANTIC_CACHE_QUERY_KEY = ['semantic-cache'] as const;
