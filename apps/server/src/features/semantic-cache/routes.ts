import {
  CACHE_ENTRIES_LIMIT,
  CacheConfig,
  CachePreviewRequest,
  CacheWarmupRequest,
} from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { ResponseCacheHandle } from '../../domain/cache/response-cache-handle.ts';
import { parseInput } from '../../lib/validate.ts';
import { ALL_ROLES, access, caller, MANAGER_ROLES, WRITE_ROLES } from '../../plugins/auth.ts';
import * as cache from './semantic-cache.service.ts';

const EntriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(CACHE_ENTRIES_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const IdParams = z.object({ id: z.string().min(1).max(100) });
const PatternParams = z.object({
  pattern: z.string().trim().min(1, 'Pattern is required').max(500),
});

export interface SemanticCacheRoutesOptions {
  deps: AppDeps;
  /** The gateway's response cache, handed in by app.ts. */
  cache: ResponseCacheHandle;
}

/** /v1/semantic-cache: stats, config, analytics, entries, invalidation, preview and warm-up. */
export const semanticCacheRoutes: FastifyPluginAsync<SemanticCacheRoutesOptions> = async (
  app,
  { deps, cache: gatewayCache },
) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const writers = access(deps, { roles: WRITE_ROLES, subscription: true });
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });
  const responseCache = () => gatewayCache;
  const accountOf = (req: Parameters<typeof caller>[0]) => caller(req).account.id;

  app.get('/v1/semantic-cache/stats', { preHandler: viewers }, async (req) =>
    cache.getStats(deps, accountOf(req)),
  );
  app.get('/v1/semantic-cache/config', { preHandler: viewers }, async (req) =>
    cache.getConfig(deps, accountOf(req)),
  );
  app.put('/v1/semantic-cache/config', { preHandler: managers }, async (req) =>
    cache.setConfig(deps, accountOf(req), parseInput(CacheConfig, req.body)),
  );
  app.get('/v1/semantic-cache/analytics', { preHandler: viewers }, async (req) => {
    await responseCache().flushHits();
    return cache.getAnalytics(deps, accountOf(req));
  });
  app.get('/v1/semantic-cache/entries', { preHandler: viewers }, async (req) => {
    const q = parseInput(EntriesQuery, req.query);
    // Hit counts are batched; write them first so the list shows every hit so far.
    await responseCache().flushHits();
    return cache.listEntries(deps, accountOf(req), q.limit, q.offset);
  });
  app.delete('/v1/semantic-cache/entries/:id', { preHandler: writers }, async (req) => {
    await cache.deleteEntry(responseCache(), accountOf(req), parseInput(IdParams, req.params).id);
    return { success: true };
  });
  app.delete('/v1/semantic-cache/invalidate', { preHandler: writers }, async (req) => {
    const removed = await responseCache().removeAll(accountOf(req));
    return { message: `Cleared ${removed} cached ${removed === 1 ? 'entry' : 'entries'}`, removed };
  });
  app.delete('/v1/semantic-cache/invalidate/:pattern', { preHandler: writers }, async (req) => {
    const { pattern } = parseInput(PatternParams, req.params);
    const removed = await responseCache().removeMatching(accountOf(req), pattern);
    return {
      message: `Removed ${removed} cached ${removed === 1 ? 'entry' : 'entries'} matching ${pattern}`,
      removed,
    };
  });
  app.post('/v1/semantic-cache/preview', { preHandler: viewers }, async (req) =>
    cache.preview(deps, responseCache(), accountOf(req), parseInput(CachePreviewRequest, req.body)),
  );
  app.post(
    '/v1/semantic-cache/warmup',
    { preHandler: writers, bodyLimit: 10 * 1024 * 1024 },
    async (req) =>
      cache.warmup(deps, responseCache(), accountOf(req), parseInput(CacheWarmupRequest, req.body)),
  );
};
