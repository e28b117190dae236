import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from './context.ts';
import { OPTIMIZATION_LEVEL_HEADER } from './stages/compress-prompt.ts';
import { CACHE_HEADER, CACHE_TTL_HEADER, parseCacheHeaders } from './stages/lookup-cache.ts';
import { PIN_MODEL_HEADER } from './stages/route-model.ts';

/** The per-request controls a caller can send (documented in docs/gateway-headers.md). */
export function readControlHeaders(ctx: GatewayContext, req: FastifyRequest): void {
  ctx.pinModel = req.headers[PIN_MODEL_HEADER] === 'true';
  const level = req.headers[OPTIMIZATION_LEVEL_HEADER];
  if (typeof level === 'string') ctx.levelOverride = level.trim().toLowerCase();
  const cache = parseCacheHeaders(header(req, CACHE_HEADER), header(req, CACHE_TTL_HEADER));
  ctx.cache.mode = cache.mode;
  if (cache.ttlSeconds !== undefined) ctx.cache.ttlSeconds = cache.ttlSeconds;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}
