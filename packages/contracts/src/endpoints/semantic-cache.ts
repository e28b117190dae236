import { IdParams, SuccessResponse } from '../common.ts';
import { configEndpoints, jsonEndpoint } from '../endpoint.ts';
import { CacheQuality } from '../quality.ts';
import {
  CacheAnalytics,
  CacheConfig,
  CacheConfigUpdate,
  CacheEntriesPage,
  CacheEntriesQuery,
  CacheInvalidation,
  CachePatternParams,
  CachePreview,
  CachePreviewRequest,
  CacheStats,
  CacheWarmupRequest,
  CacheWarmupResult,
} from '../semantic-cache.ts';

const config = configEndpoints('/v1/semantic-cache/config', CacheConfig, CacheConfigUpdate);

export const semanticCacheEndpoints = {
  stats: jsonEndpoint({ method: 'GET', path: '/v1/semantic-cache/stats', response: CacheStats }),
  getConfig: config.get,
  saveConfig: config.save,
  analytics: jsonEndpoint({
    method: 'GET',
    path: '/v1/semantic-cache/analytics',
    response: CacheAnalytics,
  }),
  /** Recall and wrong hits measured offline, at the threshold nearest the account's. */
  quality: jsonEndpoint({
    method: 'GET',
    path: '/v1/semantic-cache/quality',
    response: CacheQuality,
  }),
  entries: jsonEndpoint({
    method: 'GET',
    path: '/v1/semantic-cache/entries',
    query: CacheEntriesQuery,
    response: CacheEntriesPage,
  }),
  deleteEntry: jsonEndpoint({
    method: 'DELETE',
    path: '/v1/semantic-cache/entries/:id',
    params: IdParams,
    response: SuccessResponse,
  }),
  /** Every entry of the account. */
  clear: jsonEndpoint({
    method: 'DELETE',
    path: '/v1/semantic-cache/invalidate',
    response: CacheInvalidation,
  }),
  /** Entries whose prompt matches a glob. */
  invalidatePattern: jsonEndpoint({
    method: 'DELETE',
    path: '/v1/semantic-cache/invalidate/:pattern',
    params: CachePatternParams,
    response: CacheInvalidation,
  }),
  /** A read: what the cache would do with a prompt; stores nothing, calls no provider. */
  preview: jsonEndpoint({
    method: 'POST',
    path: '/v1/semantic-cache/preview',
    body: CachePreviewRequest,
    response: CachePreview,
  }),
  warmup: jsonEndpoint({
    method: 'POST',
    path: '/v1/semantic-cache/warmup',
    body: CacheWarmupRequest,
    response: CacheWarmupResult,
  }),
};
