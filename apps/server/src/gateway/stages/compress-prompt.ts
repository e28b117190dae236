import {
  type CompressionLevel,
  compressMessages,
  isCompressionLevel,
} from '@tokenwise/compression';
import { encodingFor } from '@tokenwise/pricing';
import type { GatewayContext } from '../context.ts';
import { usesPromptCaching } from '../request-needs.ts';
import type { GatewayServices } from '../services.ts';
import { type ChatMessage, GatewayError } from '../types.ts';
import { whereToOptimize, withinBudget } from './limit-optimizations.ts';
import { mayOptimize } from './sample-baseline.ts';

/** Per-request override of the account's level: conservative, balanced, aggressive or off. */
export const OPTIMIZATION_LEVEL_HEADER = 'x-tokenwise-optimization-level';

/**
 * Prompt compression at the account's level (or the caller's header), counted with the target
 * model family's tokenizer so tokens_saved is the real difference the provider will bill.
 * A request with cache_control breakpoints is sent as written: compressing it would change the
 * cached prefix from turn to turn, and the provider's cache misses cost more than compression saves.
 * Long prompts are compressed in the worker pool, within a time budget (see limit-optimizations).
 */
export async function compressPrompt(
  ctx: GatewayContext,
  services: GatewayServices,
): Promise<void> {
  if (!mayOptimize(ctx) || !ctx.account) return;
  const level = chooseLevel(ctx.levelOverride, ctx.account.settings.optimization_level);
  const where = whereToOptimize(ctx);
  if (!level || where === 'nowhere' || usesPromptCaching(ctx.request)) return;
  const encoding = encodingFor(ctx.model);
  const messages = ctx.request.messages;
  const result =
    where === 'here'
      ? compressMessages(messages, level, { encoding })
      : await withinBudget(ctx, 'compression', (signal) =>
          services.deps.cpu.compressMessages({ messages, level, encoding }, signal),
        );
  if (!result) return;
  ctx.optimization.level = level;
  ctx.optimization.originalTokens = result.originalTokens;
  ctx.optimization.tokensSaved = Math.max(0, result.tokensSaved);
  if (result.tokensSaved > 0)
    ctx.request = { ...ctx.request, messages: result.messages as ChatMessage[] };
}

function chooseLevel(
  override: string | undefined,
  saved: CompressionLevel,
): CompressionLevel | undefined {
  if (override === undefined) return saved;
  if (override === 'off' || override === 'none') return undefined;
  if (isCompressionLevel(override)) return override;
  throw new GatewayError(
    400,
    `${OPTIMIZATION_LEVEL_HEADER} must be conservative, balanced, aggressive or off`,
    'invalid_request_error',
  );
}
