import { compressMessages } from '@tokenwise/compression';
import { encodingFor } from '@tokenwise/pricing';
import type { GatewayContext } from '../context.ts';
import { usesPromptCaching } from '../request-needs.ts';
import { mayOptimize } from './sample-baseline.ts';

/**
 * Prompt compression at the account's level (or the caller's header), counted with the target
 * model family's tokenizer so tokens_saved is the real difference the provider will bill.
 * A request with cache_control breakpoints is sent as written: compressing it would change the
 * cached prefix from turn to turn, and the provider's cache misses cost more than compression saves.
 */
export function compressPrompt(ctx: GatewayContext): void {
  if (!mayOptimize(ctx) || !ctx.account) return;
  // The caller's x-tokenwise-optimization-level (checked in control-headers.ts) wins.
  const chosen = ctx.levelOverride ?? ctx.account.settings.optimization_level;
  const level = chosen === 'off' ? undefined : chosen;
  if (!level || usesPromptCaching(ctx.request)) return;
  const result = compressMessages(ctx.request.messages, level, {
    encoding: encodingFor(ctx.model),
  });
  ctx.optimization.level = level;
  ctx.optimization.originalTokens = result.originalTokens;
  ctx.optimization.tokensSaved = Math.max(0, result.tokensSaved);
  if (result.tokensSaved > 0) ctx.request = { ...ctx.request, messages: result.messages };
}
