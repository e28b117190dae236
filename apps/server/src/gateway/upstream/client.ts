import type { Dispatcher } from 'undici';
import { withFields } from '../../lib/with-fields.ts';
import type {
  HttpRequestSpec,
  ProviderAdapter,
  StreamTranslator,
} from '../providers/provider-adapter.ts';
import {
  type ChatCompletionRequest,
  type ChatCompletionResponse,
  type ChunkBatches,
  type EmbeddingsRequest,
  type EmbeddingsResponse,
  GatewayError,
  type UpstreamTarget,
} from '../types.ts';
import { answerAsStream } from './answer-as-stream.ts';
import { AttemptError, transportFailure } from './attempt-error.ts';
import type { CancelSignal } from './caller-gone.ts';
import { type Deadline, pastDeadline, withinDeadline } from './deadline.ts';
import { encodeInThread, type JsonEncoder } from './encode-body.ts';
import { withEstimatedUsage } from './estimate-usage.ts';
import { maskProviderError, maskStreamErrors } from './mask-provider-error.ts';
import { openStream } from './open-stream.ts';
import { isKeyRejection, providerKeyRejected } from './provider-key-rejected.ts';
import { type RateLimitHeaders, rateLimitHeaders } from './rate-limit-headers.ts';
import { isRetryableStatus } from './retry-policy.ts';
import {
  type AttemptOptions,
  type EncodedRequest,
  type JsonDecoder,
  type PeekedBody,
  peekBody,
  readJson,
  sendHttp,
} from './send-http.ts';
import { withRetries } from './with-retries.ts';

export { closeUpstreamPools } from './pools.ts';

export interface UpstreamOptions extends Deadline {
  maxRetries: number;
  /** Ends the call early with a 499: the caller's AbortSignal, or the gateway's CallerGone. */
  signal?: CancelSignal;
  retryBaseDelayMs?: number;
  /** Writes the JSON body once for every attempt (default: JSON.stringify in this thread). */
  encodeJson?: JsonEncoder;
  /** Parses large answers (default: JSON.parse in this thread; the routes give the worker pool). */
  decodeJson?: JsonDecoder;
}

async function encode(spec: HttpRequestSpec, opts: UpstreamOptions): Promise<EncodedRequest> {
  const { json, ...rest } = spec;
  if (json === undefined) return rest;
  return withFields(rest, { body: await (opts.encodeJson ?? encodeInThread)(json) });
}

export type UpstreamChatResult = (
  | { kind: 'response'; response: ChatCompletionResponse; attempts: number }
  | {
      kind: 'stream';
      chunks: ChunkBatches;
      translator: StreamTranslator;
      attempts: number;
    }
) & {
  /** The answering call's rate-limit headers (the last call of a continued turn), if it wrote any. */
  rateLimits?: RateLimitHeaders;
};

/**
 * One chat call to a provider in its native format, answered in OpenAI's. Streams resolve once the
 * first chunk is in hand; `chunks` then yields it and the rest, one batch per upstream read,
 * ending with a usage-only chunk when the provider reported usage. Errors, raised at once or by
 * `chunks`, never carry a key.
 */
export async function sendChat(
  adapter: ProviderAdapter,
  req: ChatCompletionRequest,
  target: UpstreamTarget,
  requestId: string,
  opts: UpstreamOptions,
): Promise<UpstreamChatResult> {
  let result: UpstreamChatResult;
  try {
    result = await sendChatUnmasked(adapter, req, target, requestId, opts);
  } catch (err) {
    throw maskProviderError(err, target.apiKey);
  }
  if (result.kind === 'response') return result;
  return { ...result, chunks: maskStreamErrors(result.chunks, target.apiKey) };
}

async function sendChatUnmasked(
  adapter: ProviderAdapter,
  req: ChatCompletionRequest,
  target: UpstreamTarget,
  requestId: string,
  opts: UpstreamOptions,
): Promise<UpstreamChatResult> {
  if (!req.stream)
    return sendWhole(adapter, adapter.chatRequest(req, target), target, requestId, opts);
  const spec = await encode(adapter.chatRequest(req, target), opts);
  const { value, attempts } = await withRetries(opts, async () => {
    const res = await send(spec, opts, adapter, target);
    // Until its first words the caller has seen nothing: a stream must bring them before the
    // request's deadline; after them, only a silence of `timeoutMs` ends it (decisions 133, 143).
    const started = await withinDeadline(opts, res.body, () =>
      readStreamStart(adapter, res, target, requestId, opts),
    );
    return withRateLimits(started, res);
  });
  return { kind: 'stream', ...value, attempts };
}

/**
 * How many times a paused turn is continued. Anthropic's server loop pauses after 10 tool
 * iterations; three more loops is 40 searches' worth, past any web search `max_uses` the gateway
 * sends (10), so a turn still paused after them is not converging and the caller gets it as cut.
 */
const MAX_CONTINUATIONS = 3;

/**
 * A whole answer. A turn the provider paused (Claude's `pause_turn`) is continued here, within
 * the request's deadline (decision 133), and its answers joined into one: the caller's format has
 * no way to continue it (decision 187). A continuation that fails leaves the answer so far, cut
 * (its pause reads as `length`): its calls were made and are billed.
 */
async function sendWhole(
  adapter: ProviderAdapter,
  spec: HttpRequestSpec,
  target: UpstreamTarget,
  requestId: string,
  opts: UpstreamOptions,
): Promise<UpstreamChatResult> {
  const call = async (json: unknown) => {
    const encoded = await encode({ ...spec, json }, opts);
    return withRetries(opts, async () => {
      const res = await send(encoded, opts, adapter, target);
      const body = await readJson(res, opts);
      return withRateLimits({ body, response: readAnswer(adapter, body, target, requestId) }, res);
    });
  };
  const first = await call(spec.json);
  const answers = [first.value.body];
  let { attempts } = first;
  let { rateLimits } = first.value;
  let request = spec.json;
  for (let i = 0; i < MAX_CONTINUATIONS && !pastDeadline(opts); i++) {
    request = adapter.pausedTurn?.continuation(request, answers.at(-1));
    if (request === undefined) break;
    try {
      const next = await call(request);
      answers.push(next.value.body);
      attempts += next.attempts;
      rateLimits = next.value.rateLimits ?? rateLimits;
    } catch (err) {
      if (opts.signal?.aborted) throw err;
      break;
    }
  }
  const response =
    answers.length > 1 && adapter.pausedTurn
      ? readAnswer(adapter, adapter.pausedTurn.join(answers), target, requestId)
      : first.value.response;
  return { kind: 'response', response, attempts, ...(rateLimits ? { rateLimits } : {}) };
}

/** `value` with the answer's rate-limit headers, when the provider wrote any. */
function withRateLimits<T extends object>(
  value: T,
  res: Dispatcher.ResponseData,
): T & { rateLimits?: RateLimitHeaders } {
  const rateLimits = rateLimitHeaders(res.headers);
  return rateLimits ? { ...value, rateLimits } : value;
}

/** A 2xx answer to a stream request, read up to its first words (or as a whole, when it is JSON). */
async function readStreamStart(
  adapter: ProviderAdapter,
  res: Dispatcher.ResponseData,
  target: UpstreamTarget,
  requestId: string,
  opts: UpstreamOptions,
): Promise<{ translator: StreamTranslator; chunks: ChunkBatches }> {
  let body: PeekedBody | undefined;
  if (isEventStream(res)) {
    try {
      body = await peekBody(res);
    } catch (err) {
      res.body.destroy();
      throw transportFailure(err, opts.signal);
    }
  }
  // A provider that answers a stream request with a JSON body (its error object, from some
  // proxies, even under text/event-stream; a whole answer from servers that ignore `stream`) is
  // read as a plain answer: its error and message reach the caller, its answer goes out as the
  // stream the caller asked for (decision 101).
  if (!body || body.json) {
    return answerAsStream(
      readAnswer(adapter, await readJson(res, opts, body?.chunks), target, requestId),
    );
  }
  const meta = { id: requestId, created: Math.floor(Date.now() / 1000) };
  const translator = adapter.streamTranslator(target, meta);
  return { translator, chunks: await openStream(res, translator, opts.signal, body.chunks) };
}

/** One attempt's HTTP call; a 401 or 403 says the provider refused the key the gateway holds. */
async function send(
  spec: EncodedRequest,
  opts: AttemptOptions,
  adapter: ProviderAdapter,
  target: UpstreamTarget,
): Promise<Dispatcher.ResponseData> {
  try {
    return await sendHttp(spec, opts, adapter.errorMessage.bind(adapter));
  } catch (err) {
    if (err instanceof AttemptError && isKeyRejection(err.error)) {
      throw new AttemptError(providerKeyRejected(err.error, target), false);
    }
    throw err;
  }
}

/** Whether a 2xx answer is a stream: anything that does not say it is JSON is read as one. */
function isEventStream(res: Dispatcher.ResponseData): boolean {
  const type = res.headers['content-type'];
  return !(typeof type === 'string' && /^application\/(?:[\w.+-]*\+)?json\b/i.test(type));
}

/**
 * The adapter's reading of a plain answer. An answer it trips over is the provider's unreadable
 * answer (502, not retried), not a connection failure to retry nor a gateway failure.
 */
function readAnswer(
  adapter: ProviderAdapter,
  body: unknown,
  target: UpstreamTarget,
  requestId: string,
): ChatCompletionResponse {
  try {
    return adapter.chatResponse(body, target, requestId);
  } catch (err) {
    // A 200 carrying the provider's error (Claude's overloaded_error from a proxy) is retried as
    // that status would be: the caller has seen nothing yet. A 502 is the gateway's own word for
    // an answer it cannot read or place, which another call does not change.
    if (err instanceof GatewayError) {
      // A 401 or 403 named in the body is the provider refusing the key, as its HTTP status is.
      if (isKeyRejection(err)) throw new AttemptError(providerKeyRejected(err, target), false);
      throw new AttemptError(err, isRetryableStatus(err.status) && err.status !== 502);
    }
    throw new GatewayError(
      502,
      `${adapter.id} sent an answer the gateway cannot read`,
      'api_error',
    );
  }
}

/** An embeddings answer, with the answering attempt's rate-limit headers when it wrote any. */
export interface UpstreamEmbeddings {
  response: EmbeddingsResponse;
  rateLimits?: RateLimitHeaders;
}

export async function sendEmbeddings(
  adapter: ProviderAdapter,
  req: EmbeddingsRequest,
  target: UpstreamTarget,
  opts: UpstreamOptions,
): Promise<UpstreamEmbeddings> {
  const { embeddingsRequest, embeddingsResponse } = adapter;
  if (!embeddingsRequest || !embeddingsResponse) {
    throw new GatewayError(
      400,
      `${adapter.id} does not offer an embeddings endpoint`,
      'invalid_request_error',
    );
  }
  const spec = await encode(embeddingsRequest.call(adapter, req, target), opts);
  try {
    const { value } = await withRetries(opts, async () => {
      const res = await send(spec, opts, adapter, target);
      const response = embeddingsResponse.call(adapter, await readJson(res, opts), target);
      return withRateLimits({ response }, res);
    });
    return { ...value, response: await withEstimatedUsage(req, value.response) };
  } catch (err) {
    throw maskProviderError(err, target.apiKey);
  }
}

/**
 * The provider's count of a prompt's input tokens, with the answering attempt's rate-limit
 * headers; retried and masked like any other call.
 */
export async function sendCountTokens(
  adapter: ProviderAdapter,
  req: ChatCompletionRequest,
  target: UpstreamTarget,
  opts: UpstreamOptions,
): Promise<{ inputTokens: number; rateLimits?: RateLimitHeaders }> {
  const { countTokensRequest, countTokensResponse } = adapter;
  if (!countTokensRequest || !countTokensResponse) {
    throw new GatewayError(400, `${adapter.id} does not count tokens`, 'invalid_request_error');
  }
  const spec = await encode(countTokensRequest.call(adapter, req, target), opts);
  try {
    const { value } = await withRetries(opts, async () => {
      const res = await send(spec, opts, adapter, target);
      const inputTokens = countTokensResponse.call(adapter, await readJson(res, opts));
      return withRateLimits({ inputTokens }, res);
    });
    return value;
  } catch (err) {
    throw maskProviderError(err, target.apiKey);
  }
}
