import { endpoints } from '@tokenwise/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { ResponseCacheHandle } from '../../domain/cache/response-cache-handle.ts';
import { serve } from '../../lib/endpoint-route.ts';
import { ALL_ROLES, access, caller, MANAGER_ROLES, WRITE_ROLES } from '../../plugins/auth.ts';
import { getCacheQuality } from './cache-quality.ts';
import * as cache from './semantic-cache.service.ts';

const api = endpoints.semanticCache;

export interface SemanticCacheRoutesOptions {
  deps: AppDeps;
  /** The gateway's response cache, handed in by app.ts. */
  cache: ResponseCacheHandle;
}

/** /v1/semantic-cache: stats, config, measured quality, analytics, entries, invalidation, preview and warm-up. */
export const semanticCacheRoutes: FastifyPluginAsync<SemanticCacheRoutesOptions> = async (
  app,
  { deps, cache: gatewayCache },
) => {
  const viewers = access(deps, { roles: ALL_ROLES, subscription: true });
  const writers = access(deps, { roles: WRITE_ROLES, subscription: true });
  const managers = access(deps, { roles: MANAGER_ROLES, subscription: true });
  const responseCache = () => gatewayCache;
  const accountOf = (req: Parameters<typeof caller>[0]) => caller(req).account.id;

  serve(app, api.stats, { preHandler: viewers }, async (req) =>
    cache.getStats(deps, accountOf(req)),
  );
  serve(app, api.getConfig, { preHandler: viewers }, async (req) =>
    cache.getConfig(deps, accountOf(req)),
  );
  serve(app, api.saveConfig, { preHandler: managers }, async (req, _reply, input) =>
    cache.setConfig(deps, accountOf(req), input.body()),
  );
  serve(app, api.quality, { preHandler: viewers }, async (req) =>
    getCacheQuality(deps, accountOf(req)),
  );
  serve(app, api.analytics, { preHandler: viewers }, async (req) => {
    await responseCache().flushHits();
    return cache.getAnalytics(deps, accountOf(req));
  });
  serve(app, api.entries, { preHandler: viewers }, async (req, _reply, input) => {
    const q = input.query();
    // Hit counts are batched; write them first so the list shows every hit so far.
    await responseCache().flushHits();
    return cache.listEntries(deps, accountOf(req), q.limit, q.offset);
  });
  serve(app, api.deleteEntry, { preHandler: writers }, async (req, _reply, input) => {
    await cache.deleteEntry(responseCache(), accountOf(req), input.params().id);
    return { success: true } as const;
  });
  serve(app, api.clear, { preHandler: writers }, async (req) => {
    const removed = await responseCache().removeAll(accountOf(req));
    return { message: `Cleared ${removed} cached ${removed === 1 ? 'entry' : 'entries'}`, removed };
  });
  serve(app, api.invalidatePattern, { preHandler: writers }, async (req, _reply, input) => {
    const { pattern } = input.params();
    const removed = await responseCache().removeMatching(accountOf(req), pattern);
    return {
      message: `Removed ${removed} cached ${removed === 1 ? 'entry' : 'entries'} matching ${pattern}`,
      removed,
    };
  });
  serve(app, api.preview, { preHandler: viewers }, async (req, _reply, input) =>
    cache.preview(deps, responseCache(), accountOf(req), input.body()),
  );
  serve(
    app,
    api.warmup,
    { preHandler: writers, bodyLimit: 10 * 1024 * 1024 },
    async (req, _reply, input) => cache.warmup(deps, responseCache(), accountOf(req), input.body()),
  );
};
