import { z } from 'zod';
import { piiConfigOf } from '../domain/settings/account-settings.repository.ts';
import { encodeVector } from './cache/vector-codec.ts';
import type { GatewayContext } from './context.ts';
import { finish } from './log/finish.ts';
import { newContext } from './new-context.ts';
import type { GatewayServices } from './services.ts';
import { authenticate } from './stages/authenticate.ts';
import { requireActiveAccount } from './stages/check-quota.ts';
import { redactOrRefuse } from './stages/redact-pii.ts';
import { markProviderKeyUsed, resolveTarget } from './stages/resolve-target.ts';
import { type EmbeddingsRequest, type EmbeddingsResponse, GatewayError } from './types.ts';
import { sendEmbeddings } from './upstream/client.ts';
import { jsonDecoder, jsonEncoder } from './upstream/encode-body.ts';
import type { RateLimitHeaders } from './upstream/rate-limit-headers.ts';
import { parseRequest } from './wire/parse-request.ts';

// OpenAI also embeds token ids, which LangChain's OpenAIEmbeddings sends by default.
const tokenIds = z.array(z.number().int().nonnegative()).min(1);
const Body = z.looseObject({
  model: z.string().min(1).max(200),
  input: z.union([z.string(), z.array(z.string()).min(1), tokenIds, z.array(tokenIds).min(1)]),
});

/** The answer as the caller asked for it: vectors as numbers, or as OpenAI's base64. */
type EmbeddingsAnswer = Omit<EmbeddingsResponse, 'data'> & {
  data: { object: 'embedding'; index: number; embedding: number[] | string }[];
};

/**
 * Providers are always asked for floats (the gateway counts and caches them); a caller asking for
 * `base64` gets what OpenAI sends then, each vector's float32 bytes, which its SDKs decode. The
 * openai SDK asks for base64 whenever its caller names no format.
 */
function inEncoding(response: EmbeddingsResponse, format: unknown): EmbeddingsAnswer {
  if (format !== 'base64') return response;
  const data = response.data.map((d) => ({
    ...d,
    embedding: encodeVector(Float32Array.from(d.embedding)),
  }));
  return { ...response, data };
}

/**
 * The texts to embed with the account's personal data redacted, as a chat prompt's are: one
 * session for all of them, refused rather than sent raw. Nothing is restored (a vector holds no
 * text). Token ids are sent as they came: the caller encoded them, with a tokenizer of its model.
 */
async function redactedInput(
  ctx: GatewayContext,
  services: GatewayServices,
  input: EmbeddingsRequest['input'],
): Promise<EmbeddingsRequest['input']> {
  const settings = ctx.account?.settings;
  if (settings?.pii_enabled !== 1) return input;
  const texts = typeof input === 'string' ? [input] : input.filter((i) => typeof i === 'string');
  if (texts.length === 0) return input;
  const { redacted } = await redactOrRefuse(services, piiConfigOf(settings), texts);
  const scanned = texts.map((text, i) => redacted[i] ?? text);
  return typeof input === 'string' ? (scanned[0] ?? input) : scanned;
}

/**
 * POST /v1/embeddings: passed through to providers that have embeddings, logged like chat. The
 * answering call's rate-limit headers come back with the answer (decisions 230, 242).
 */
export async function runEmbeddings(
  services: GatewayServices,
  body: unknown,
  credential: string | undefined,
  /** Told the request's id once it is sure to be logged, so errors carry it too. */
  onLogged?: (requestId: string) => void,
): Promise<{ requestId: string; response: EmbeddingsAnswer; rateLimits?: RateLimitHeaders }> {
  const request = parseRequest(Body, body) as EmbeddingsRequest;
  const ctx = newContext(
    'embeddings',
    { model: request.model, messages: [] },
    credential,
    services.deps.clock(),
  );
  await authenticate(ctx, services);
  onLogged?.(ctx.requestId);
  try {
    await requireActiveAccount(ctx, services);
    // Nothing optimizes an embeddings call: it is sent as it came, so it is a passthrough request
    // (no optimized tokens, no hold on the quota, no part in /savings; decision 107), over quota or not.
    ctx.passthrough = true;
    const targeted = await resolveTarget(ctx, services);
    const { adapter, chosen, upstream } = targeted.target;
    if (!adapter.embeddingsRequest) {
      throw new GatewayError(
        400,
        `${chosen.provider} does not offer embeddings through the gateway`,
        'invalid_request_error',
      );
    }
    const input = await redactedInput(ctx, services, request.input);
    markProviderKeyUsed(targeted, services);
    const { response, rateLimits } = await sendEmbeddings(
      adapter,
      { ...request, input, model: upstream.model },
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
    finish(ctx, services, {
      ok: true,
      httpStatus: 200,
      usage: {
        prompt_tokens: response.usage.prompt_tokens,
        completion_tokens: 0,
        total_tokens: response.usage.total_tokens,
      },
      answeredModel: response.model,
    });
    const answer = inEncoding(response, request.encoding_format);
    return { requestId: ctx.requestId, response: answer, ...(rateLimits ? { rateLimits } : {}) };
  } catch (err) {
    finish(ctx, services, {
      ok: false,
      httpStatus: err instanceof GatewayError ? err.status : 500,
      errorMessage: (err as Error).message,
    });
    throw err;
  }
}
