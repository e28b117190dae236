import { compressMessages } from '@tokenwise/compression';
import { encodingFor } from '@tokenwise/pricing';
import type { TargetedContext } from '../context.ts';
import { citesDocuments, usesPromptCaching } from '../request/request-needs.ts';
import { TokenCounts } from '../request/token-counts.ts';
import type { GatewayServices } from '../services.ts';
import type { ChatMessage } from '../types.ts';
import { whereToOptimize, withinBudget } from './limit-optimizations.ts';
import { mayOptimize } from './sample-baseline.ts';

/**
 * Prompt compression at the account's level (or the caller's header), counted with the target
 * model family's tokenizer so tokens_saved is the real difference the provider will bill.
 * A request with cache_control breakpoints is sent as written: compressing it would change the
 * cached prefix from turn to turn, and the provider's cache misses cost more than compression saves.
 * Nor is one with a document Claude is asked to cite: its citations quote the text as sent, nor a
 * text completion whose prompt is echoed.
 * Long prompts are compressed in the worker pool, within a time budget (see limit-optimizations).
 */
export async function compressPrompt(
  ctx: TargetedContext,
  services: GatewayServices,
): Promise<void> {
  if (!mayOptimize(ctx) || !ctx.account) return;
  // The caller's x-tokenwise-optimization-level (checked in control-headers.ts) wins.
  const chosen = ctx.levelOverride ?? ctx.account.settings.optimization_level;
  const level = chosen === 'off' ? undefined : chosen;
  const where = whereToOptimize(ctx);
  if (!level || where === 'nowhere' || usesPromptCaching(ctx.request)) return;
  // Claude's citations quote the documents as the caller sent them (decision 143).
  if (citesDocuments(ctx.request)) return;
  // A text completion model under `echo` writes the prompt back: compressed, the caller would
  // read words it never wrote (decision 152).
  if (ctx.request.echo === true) return;
  const encoding = encodingFor(ctx.target.chosen);
  const messages = ctx.request.messages;
  // Kept on the context: difficulty scoring reads the compressed prompt's count back from it.
  const counts = ctx.tokenCounts ?? new TokenCounts();
  ctx.tokenCounts = counts;
  const result =
    where === 'here'
      ? compressMessages(messages, level, { encoding, countTokens: counts.counter(encoding) })
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
