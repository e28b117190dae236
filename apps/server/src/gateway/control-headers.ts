import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from './context.ts';
import { OPTIMIZATION_LEVEL_HEADER } from './stages/compress-prompt.ts';
import { PIN_MODEL_HEADER } from './stages/route-model.ts';

/** The per-request controls a caller can send (documented in docs/gateway-headers.md). */
export function readControlHeaders(ctx: GatewayContext, req: FastifyRequest): void {
  ctx.pinModel = req.headers[PIN_MODEL_HEADER] === 'true';
  const level = req.headers[OPTIMIZATION_LEVEL_HEADER];
  if (typeof level === 'string') ctx.levelOverride = level.trim().toLowerCase();
}
