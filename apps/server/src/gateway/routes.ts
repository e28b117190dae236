import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors/app-error.ts';
import { bearerToken } from '../plugins/auth.ts';
import {
  asUnavailable,
  fastifyClientError,
  RETRY_AFTER_SECONDS,
} from '../plugins/error-handler.ts';
import type { Endpoint, GatewayContext } from './context.ts';
import { runCountTokens } from './count-tokens.ts';
import { runEmbeddings } from './embeddings.ts';
import { findAccountModel, listAccountModels } from './models.ts';
import { newContext } from './new-context.ts';
import { runChatPipeline } from './pipeline.ts';
import { anthropicCredential } from './request/anthropic-credential.ts';
import type { GatewayServices } from './services.ts';
import {
  type ChatCompletionChunk,
  type ChatCompletionRequest,
  type ChatCompletionResponse,
  GatewayError,
  type PipelineResult,
} from './types.ts';
import { CallerGone } from './upstream/caller-gone.ts';
import { tightestRateLimits } from './upstream/tightest-rate-limits.ts';
import {
  type AnthropicModelQuery,
  AnthropicStreamWriter,
  anthropicErrorBody,
  fromAnthropicRequest,
  toAnthropicModel,
  toAnthropicModelList,
  toAnthropicResponse,
} from './wire/anthropic-format.ts';
import { parseChatRequest } from './wire/chat-request.ts';
import { ChunkEvents } from './wire/chunk-events.ts';
import { type CompletionsEcho, fromCompletionsRequest } from './wire/completions-request.ts';
import {
  type CompletionsMeta,
  CompletionsStreamWriter,
  toTextCompletion,
} from './wire/completions-response.ts';
import { readControlHeaders } from './wire/control-headers.ts';
import {
  asLegacyFunctionAnswer,
  asLegacyFunctionChunks,
  wantsLegacyFunctions,
} from './wire/legacy-function-answer.ts';
import {
  openAiErrorBody,
  openAiErrorType,
  openAiStatus,
  openAiStreamTrailer,
  withOpenAiNulls,
} from './wire/openai-format.ts';
import { fromResponsesRequest } from './wire/responses-request.ts';
import { toResponsesResponse } from './wire/responses-response.ts';
import { ResponsesStreamWriter } from './wire/responses-stream-writer.ts';
import { formatSse } from './wire/sse.ts';
import { openSse } from './wire/sse-response.ts';
import { requestTime } from './wire/test-clock.ts';

const GATEWAY_BODY_LIMIT = 20 * 1024 * 1024;

function cacheHeader(ctx: GatewayContext): 'HIT' | 'MISS' {
  return ctx.cache.status === 'hit' ? 'HIT' : 'MISS';
}

/**
 * A streamed answer's head, written by openSse past Fastify's reply: the gateway's ids and cache
 * state, and the provider's rate-limit headers when it was asked (decision 230).
 */
function streamHeaders(
  opened: { ctx: GatewayContext; result: PipelineResult },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...opened.result.rateLimits,
    'x-request-id': opened.ctx.requestId,
    ...extra,
    'x-cache': cacheHeader(opened.ctx),
  };
}

function asGatewayError(err: unknown, bodyLimit?: number): GatewayError {
  if (err instanceof GatewayError) return err;
  if (err instanceof AppError) {
    const type = err.statusCode >= 500 ? 'api_error' : 'invalid_request_error';
    return new GatewayError(err.statusCode, err.message, type, err.code);
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    const known = fastifyClientError(err as { code?: string }, bodyLimit);
    const message = known?.message ?? 'Request body is not valid JSON';
    return new GatewayError(status, message, 'invalid_request_error', known?.code ?? null);
  }
  return new GatewayError(500, 'The gateway failed to process the request', 'api_error');
}

/**
 * A translated stream to the caller: each batch of chunks as the writer's events, then its closing
 * events, or what `failed` writes when the provider's stream breaks. Stops when the caller has gone
 * (which closes the provider's stream and logs a 499).
 */
async function relayEvents(
  sse: ReturnType<typeof openSse>,
  chunks: AsyncIterable<ChatCompletionChunk[]>,
  writer: { push(chunk: ChatCompletionChunk): string; finish(): string },
  failed: (err: GatewayError) => string,
): Promise<void> {
  if (await relayChunks(sse, chunks, writer, failed)) sse.write(writer.finish());
  sse.end();
}

/** The chunks as the writer's events; false when the stream broke (written) or the caller left. */
async function relayChunks(
  sse: ReturnType<typeof openSse>,
  chunks: AsyncIterable<ChatCompletionChunk[]>,
  writer: { push(chunk: ChatCompletionChunk): string },
  failed: (err: GatewayError) => string,
): Promise<boolean> {
  try {
    for await (const batch of chunks) {
      if (sse.closed) return false;
      let text = '';
      for (const chunk of batch) text += writer.push(chunk);
      // A caller reading slower than the provider streams: wait for it rather than hold the answer.
      const drained = sse.send(text);
      if (drained) await drained;
    }
    return !sse.closed;
  } catch (err) {
    sse.write(failed(asGatewayError(err)));
    return false;
  }
}

/**
 * The model an answer names: the one that wrote it, as Chat Completions answers say (the provider's
 * own field), so a routed answer says which cheaper model it came from (decision 129). Only an
 * answer that names none keeps the model the caller asked for.
 */
function answeringModel(result: PipelineResult, asked: string): string {
  return (result.kind === 'response' ? result.response.model : result.model) || asked;
}

/**
 * Whether the caller expects Anthropic's formats: `/v1/messages`, or Anthropic's SDK (which always
 * names its API version) on the model list the two formats share.
 */
function speaksAnthropic(req: FastifyRequest): boolean {
  if (req.url.startsWith('/v1/messages')) return true;
  return req.url.startsWith('/v1/models') && req.headers['anthropic-version'] !== undefined;
}

/** What every text_completion object of a completions request repeats (decision 152). */
function completionsMeta(
  opened: { ctx: GatewayContext; at: number; result: PipelineResult },
  echo: CompletionsEcho,
  n: number,
): CompletionsMeta {
  return {
    id: `cmpl-${opened.ctx.requestId.replaceAll('-', '')}`,
    created: Math.floor(opened.at / 1000),
    model: answeringModel(opened.result, echo.model),
    prefixes: echo.prefixes,
    n,
    logprobsFrom: echo.logprobsFrom,
  };
}

// A request asks for a stream or not for all its prompts, so each run answers alike.
function answerOf(result: PipelineResult): ChatCompletionResponse {
  if (result.kind !== 'response') throw new Error('a completions run streamed unasked');
  return result.response;
}

function streamOf(result: PipelineResult): AsyncIterable<ChatCompletionChunk[]> {
  if (result.kind !== 'stream') throw new Error('a completions run answered a stream whole');
  return result.chunks;
}

function endSse(sse: ReturnType<typeof openSse>, reply: FastifyReply): FastifyReply {
  sse.end();
  return reply;
}

/** The data plane: OpenAI- and Anthropic-compatible endpoints, errors in the caller's own format. */
export const gatewayRoutes: FastifyPluginAsync<{
  deps: AppDeps;
  services: GatewayServices;
}> = async (app, { deps, services }) => {
  // Anthropic's SDK reads the id from `request-id`, refusals included (x-request-id is set for
  // every answer in app.ts).
  app.addHook('onRequest', (req, reply, done) => {
    if (speaksAnthropic(req)) reply.header('request-id', req.id);
    done();
  });

  app.setErrorHandler((cause, req, reply) => {
    const error = asUnavailable(cause, req.log) ?? cause;
    const err = asGatewayError(error, req.routeOptions.bodyLimit);
    if (error !== cause) reply.header('retry-after', RETRY_AFTER_SECONDS);
    if (err.status >= 500 && !(error instanceof GatewayError) && !(error instanceof AppError))
      req.log.error({ err: error }, 'gateway failure');
    const requestId = reply.getHeader('x-request-id');
    const anthropic = speaksAnthropic(req);
    const body = anthropic
      ? anthropicErrorBody(err, typeof requestId === 'string' ? requestId : undefined)
      : openAiErrorBody(err);
    if (err.rateLimits) reply.headers(err.rateLimits);
    if (err.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(err.retryAfterSeconds));
    // Both SDKs obey this before their own retry rules (decision 141). An error the gateway tried
    // once keeps what the provider said of it (decision 143).
    if (err.retriedUpstream) reply.header('x-should-retry', 'false');
    else if (err.providerShouldRetry !== undefined)
      reply.header('x-should-retry', String(err.providerShouldRetry));
    return reply.code(anthropic ? err.status : openAiStatus(err.status)).send(body);
  });

  /**
   * One call through the chat pipeline, whichever wire format it came in: the clock is read before
   * the body is parsed (a large one parses for a while), and the request id is on the reply before
   * anything can fail, so every error answer carries it.
   */
  async function throughPipeline<P extends { request: ChatCompletionRequest }>(
    endpoint: Endpoint,
    req: FastifyRequest,
    reply: FastifyReply,
    credential: string | undefined,
    parse: () => P,
  ) {
    const now = deps.clock();
    const at = requestTime(req.headers, now, deps.config.testClock);
    const parsed = parse();
    const ctx = newContext(endpoint, parsed.request, credential, now, at);
    readControlHeaders(ctx, req.headers);
    ctx.callerGone = CallerGone.watch(reply.raw);
    reply.header('x-request-id', ctx.requestId);
    // Anthropic's SDK reads the id from `request-id` (message._request_id, APIError.requestID).
    if (endpoint === 'messages') reply.header('request-id', ctx.requestId);
    const result = await runChatPipeline(ctx, services);
    reply.header('x-cache', cacheHeader(ctx));
    // A completions request's prompts are several runs: its route joins their readings.
    if (result.rateLimits && endpoint !== 'completions') reply.headers(result.rateLimits);
    // One object of one shape: a copy of `parsed` with these keys added was a new one per request.
    return { parsed, ctx, at, result };
  }

  app.post('/v1/chat/completions', { bodyLimit: GATEWAY_BODY_LIMIT }, async (req, reply) => {
    const opened = await throughPipeline('chat', req, reply, bearerToken(req), () => ({
      request: parseChatRequest(req.body),
    }));
    const { ctx, result } = opened;
    // Asked with legacy `functions`: the call comes back as a `function_call` (decision 152).
    const legacy = wantsLegacyFunctions(ctx.original);
    if (result.kind === 'response') {
      const answer = withOpenAiNulls(result.response);
      return legacy ? asLegacyFunctionAnswer(answer) : answer;
    }
    const chunks = legacy ? asLegacyFunctionChunks(result.chunks) : result.chunks;

    const includeUsage = ctx.original.stream_options?.include_usage === true;
    const sse = openSse(reply, streamHeaders(opened), deps.config.upstreamTimeoutMs);
    const events = new ChunkEvents();
    try {
      for await (const batch of chunks) {
        // The caller went away: stopping closes the provider's stream and logs a 499.
        if (sse.closed) break;
        let text = '';
        for (const chunk of batch) {
          if (chunk.choices.length === 0 && !includeUsage) continue;
          // Only a chunk carrying usage (restore-pii's tail has `usage: null`) needs a copy without
          // it: a copy of every chunk with an undefined key took 2.4x the time of serialising it.
          const sent =
            includeUsage || chunk.usage === undefined ? chunk : { ...chunk, usage: undefined };
          text += events.format(sent);
        }
        // A caller reading slower than the provider streams: wait for it rather than hold the answer.
        const drained = sse.send(text);
        if (drained) await drained;
      }
      sse.write(openAiStreamTrailer);
    } catch (err) {
      sse.write(formatSse(openAiErrorBody(asGatewayError(err))));
    }
    sse.end();
    return reply;
  });

  // OpenAI's legacy text completions (`client.completions.create`): decisions 152 and 155.
  app.post('/v1/completions', { bodyLimit: GATEWAY_BODY_LIMIT }, async (req, reply) => {
    const { requests, echo } = fromCompletionsRequest(req.body);
    const credential = bearerToken(req);
    const run = (request: ChatCompletionRequest) =>
      throughPipeline('completions', req, reply, credential, () => ({ request }));
    const [first, ...later] = requests;
    if (!first) throw new GatewayError(400, 'prompt is required', 'invalid_request_error');
    // Each run watches the one connection for the caller leaving: up to 16 listeners, on purpose.
    reply.raw.setMaxListeners(reply.raw.getMaxListeners() + later.length);
    // Several prompts are several pipeline runs. Answers run side by side and are all awaited
    // before one is reported, so none is left running; streams run one after another, so a
    // later prompt's refusal never leaves an earlier stream unread.
    if (!first.stream) {
      const settled = await Promise.allSettled(requests.map(run));
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
      const runs = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const [opened] = runs as [(typeof runs)[number]];
      reply.header('x-request-id', opened.ctx.requestId);
      reply.header('x-cache', runs.every((r) => cacheHeader(r.ctx) === 'HIT') ? 'HIT' : 'MISS');
      const rateLimits = tightestRateLimits(runs.map((r) => r.result.rateLimits));
      if (rateLimits) reply.headers(rateLimits);
      return toTextCompletion(
        runs.map((r) => answerOf(r.result)),
        completionsMeta(opened, echo, first.n ?? 1),
      );
    }
    const opened = await run(first);
    const sse = openSse(reply, streamHeaders(opened), deps.config.upstreamTimeoutMs);
    const writer = new CompletionsStreamWriter(completionsMeta(opened, echo, first.n ?? 1), {
      includeUsage: opened.ctx.original.stream_options?.include_usage === true,
    });
    const opening = writer.start();
    if (opening) sse.write(opening);
    const failed = (err: GatewayError) => formatSse(openAiErrorBody(err));
    let chunks = streamOf(opened.result);
    for (const next of later) {
      if (!(await relayChunks(sse, chunks, writer, failed))) return endSse(sse, reply);
      writer.nextPrompt();
      try {
        chunks = streamOf((await run(next)).result);
      } catch (err) {
        // A later prompt refused (quota, redaction): said in the stream, as a provider error is.
        sse.write(failed(asGatewayError(err)));
        return endSse(sse, reply);
      }
    }
    await relayEvents(sse, chunks, writer, failed);
    return reply;
  });

  app.post('/v1/messages', { bodyLimit: GATEWAY_BODY_LIMIT }, async (req, reply) => {
    const opened = await throughPipeline('messages', req, reply, anthropicCredential(req), () => ({
      request: fromAnthropicRequest(req.body, req.headers['anthropic-beta']),
    }));
    const { ctx, result } = opened;
    if (result.kind === 'response') {
      return toAnthropicResponse(result.response, answeringModel(result, ctx.original.model));
    }

    const sse = openSse(
      reply,
      streamHeaders(opened, { 'request-id': ctx.requestId }),
      deps.config.upstreamTimeoutMs,
    );
    const writer = new AnthropicStreamWriter();
    const { usageAtStart } = result;
    const start = { id: ctx.requestId, model: answeringModel(result, ctx.original.model) };
    sse.write(writer.start(usageAtStart ? { ...start, usage: usageAtStart } : start));
    await relayEvents(sse, result.chunks, writer, (err) =>
      formatSse(anthropicErrorBody(err), 'error'),
    );
    return reply;
  });

  // Anthropic's messages.countTokens (Claude Code asks before long turns): decision 079.
  app.post('/v1/messages/count_tokens', { bodyLimit: GATEWAY_BODY_LIMIT }, async (req, reply) => {
    const counted = await runCountTokens(
      services,
      req.body,
      anthropicCredential(req),
      req.headers['anthropic-beta'],
    );
    reply.header('x-tokenwise-token-count', counted.countedBy);
    if (counted.rateLimits) reply.headers(counted.rateLimits);
    return { input_tokens: counted.input_tokens };
  });

  // OpenAI's Responses API (`client.responses.create`), stateless: decision 079.
  app.post('/v1/responses', { bodyLimit: GATEWAY_BODY_LIMIT }, async (req, reply) => {
    const opened = await throughPipeline('responses', req, reply, bearerToken(req), () =>
      fromResponsesRequest(req.body),
    );
    const {
      ctx,
      at,
      result,
      parsed: { echo },
    } = opened;
    const meta = {
      id: ctx.requestId.replaceAll('-', ''),
      createdAt: Math.floor(at / 1000),
      echo: { ...echo, model: answeringModel(result, echo.model) },
    };
    if (result.kind === 'response') return toResponsesResponse(result.response, meta);

    const sse = openSse(reply, streamHeaders(opened), deps.config.upstreamTimeoutMs);
    const writer = new ResponsesStreamWriter(meta);
    sse.write(writer.start());
    await relayEvents(sse, result.chunks, writer, (err) =>
      writer.fail({ code: err.code ?? openAiErrorType(err), message: err.message }),
    );
    return reply;
  });

  app.get<{ Querystring: AnthropicModelQuery }>('/v1/models', async (req) => {
    if (!speaksAnthropic(req)) return listAccountModels(services, bearerToken(req));
    const models = await listAccountModels(services, anthropicCredential(req));
    return toAnthropicModelList(models, req.query);
  });

  // The SDKs escape the slash of `openai/gpt-4o-mini`; Fastify hands it back unescaped.
  app.get<{ Params: { model: string } }>('/v1/models/:model', async (req) => {
    const name = req.params.model;
    if (!speaksAnthropic(req)) return findAccountModel(services, bearerToken(req), name);
    return toAnthropicModel(await findAccountModel(services, anthropicCredential(req), name));
  });

  app.post(
    '/v1/embeddings',
    { bodyLimit: GATEWAY_BODY_LIMIT },
    async (req: FastifyRequest, reply: FastifyReply) => {
      // The id goes out as soon as the request is logged: the SDKs read it from errors too.
      const { response, rateLimits } = await runEmbeddings(
        services,
        req.body,
        bearerToken(req),
        (id) => reply.header('x-request-id', id),
      );
      reply.header('x-cache', 'MISS');
      if (rateLimits) reply.headers(rateLimits);
      return response;
    },
  );
};
