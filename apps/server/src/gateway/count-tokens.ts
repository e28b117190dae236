import { countChat } from '@tokenwise/pricing';
import { newContext } from './new-context.ts';
import type { GatewayServices } from './services.ts';
import { authenticate } from './stages/authenticate.ts';
import { requireActiveAccount } from './stages/check-quota.ts';
import { redactPii } from './stages/redact-pii.ts';
import { markProviderKeyUsed, resolveTarget } from './stages/resolve-target.ts';
import { sendCountTokens } from './upstream/client.ts';
import { jsonDecoder, jsonEncoder } from './upstream/encode-body.ts';
import type { RateLimitHeaders } from './upstream/rate-limit-headers.ts';
import { fromAnthropicRequest } from './wire/anthropic-format.ts';

export interface TokenCount {
  input_tokens: number;
  /** Who counted: the provider itself, or the gateway's tokenizer for providers that cannot. */
  countedBy: 'provider' | 'gateway';
  /** The counting call's rate-limit headers, when the provider counted and wrote some (decision 242). */
  rateLimits?: RateLimitHeaders;
}

/**
 * POST /v1/messages/count_tokens (Anthropic's SDK `messages.countTokens`, Claude Code): the
 * prompt's input tokens before it is sent (decision 079). Claude models are counted by Anthropic
 * with the account's key, on the prompt as the gateway would send it, personal data redacted: the
 * provider never sees what redaction hides, here either. Models of providers with no counting
 * endpoint are counted with the gateway's tokenizer (text only). Free and not logged as a request,
 * as at Anthropic, but only for an account with a live subscription.
 */
export async function runCountTokens(
  services: GatewayServices,
  body: unknown,
  credential: string | undefined,
  betaHeader: string | string[] | undefined,
): Promise<TokenCount> {
  // count_tokens takes no max_tokens; the message format's check asks for one.
  const withLimit =
    body && typeof body === 'object' && !Array.isArray(body) ? { max_tokens: 1, ...body } : body;
  const request = fromAnthropicRequest(withLimit, betaHeader);
  const ctx = newContext('messages', request, credential, services.deps.clock());
  await authenticate(ctx, services);
  await requireActiveAccount(ctx, services);
  const targeted = await resolveTarget(ctx, services);
  await redactPii(targeted, services);
  const { adapter, upstream, chosen } = targeted.target;
  if (!adapter.countTokensRequest) {
    return {
      input_tokens: countChat(ctx.request.messages, chosen).tokens + toolTokens(ctx.request),
      countedBy: 'gateway',
    };
  }
  markProviderKeyUsed(targeted, services);
  const { inputTokens, rateLimits } = await sendCountTokens(
    adapter,
    { ...ctx.request, model: upstream.model },
    upstream,
    {
      timeoutMs: services.deps.config.upstreamTimeoutMs,
      // One timeout for the call and its retries (decision 143).
      deadlineAt: Date.now() + services.deps.config.upstreamTimeoutMs,
      maxRetries: services.deps.config.upstreamMaxRetries,
      encodeJson: jsonEncoder(services.deps.cpu),
      decodeJson: jsonDecoder(services.deps.cpu),
    },
  );
  return {
    input_tokens: inputTokens,
    countedBy: 'provider',
    ...(rateLimits ? { rateLimits } : {}),
  };
}

/** Tool definitions count as the JSON the provider reads (a few tokens per 4 characters). */
function toolTokens(request: { tools?: unknown[] }): number {
  if (!request.tools?.length) return 0;
  return Math.ceil(JSON.stringify(request.tools).length / 4);
}
