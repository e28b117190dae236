import type { GatewayContext } from '../context.ts';
import { promptChars } from '../message-text.ts';

/**
 * Compression, the semantic cache's embedding and guards, and difficulty scoring each read the
 * whole prompt at 1-5 µs a character when its words are new to their caches (measured on made-up
 * words; ordinary prose is several times cheaper), and they run in the event loop. Past this many
 * characters they would hold it for more than ~50 ms, so the request is sent as written instead.
 */
export const OPTIMIZE_MAX_CHARS = 16_384;

/** Marks a prompt too long for the optimisation stages, with the reason the log keeps. */
export function limitOptimizations(ctx: GatewayContext): void {
  const chars = promptChars(ctx.request.messages);
  if (chars <= OPTIMIZE_MAX_CHARS) return;
  ctx.optimization.skipped = `compression, semantic cache and routing skipped: the prompt has ${chars.toLocaleString('en-US')} characters, over the ${OPTIMIZE_MAX_CHARS.toLocaleString('en-US')} they read`;
}
