import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countTextsTokens, countTokens } from '@tokenwise/pricing';
import { PROVIDER_IDS, type ProviderId } from '../gateway/types.ts';
import { formatSse } from '../gateway/wire/sse.ts';
import { BehaviourQueue } from './behaviour-queue.ts';
import {
  type Dialect,
  isRefusal,
  type Json,
  type MockRefusal,
  type SseOut,
} from './dialects/dialect.ts';
import { mockEmbedding } from './embeddings.ts';
import {
  credentialOf,
  flattenHeaders,
  readBody,
  sendJson,
  sendJsonText,
  Waits,
  writeFlushed,
  writeTrickled,
} from './http-helpers.ts';
import { planReply } from './reply-plan.ts';
import { findRoute, PROVIDER_PREFIXES, providerOfPath } from './routes.ts';
import type { MockBehaviour, MockCall, MockUpstream, ParsedRequest } from './types.ts';

export type { MockBehaviour, MockCall, MockUpstream } from './types.ts';

const DEFAULT_MESSAGES: Record<number, string> = {
  401: 'Invalid API key',
  429: 'Rate limit reached for requests',
  500: 'The server had an error while processing your request',
  503: 'The service is temporarily unavailable',
  529: 'Overloaded',
};

/** How long a stalled stream stays silent: past any test, until the caller or `close()` ends it. */
const FOREVER_MS = 10 * 60_000;

/** A fake of all five providers on loopback, speaking each one's real wire format. */
export async function startMockUpstream(
  opts: { port?: number; host?: string } = {},
): Promise<MockUpstream> {
  const calls: MockCall[] = [];
  const behaviours = new BehaviourQueue();
  const waits = new Waits();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const raw = await readBody(req);
    const route = findRoute(url.pathname);
    const provider = route?.provider ?? providerOfPath(url.pathname);
    if (!provider) return sendJson(res, 404, { error: { message: `No mock at ${url.pathname}` } });
    const body = parseJson(raw);
    const call: MockCall = {
      provider,
      path: `${url.pathname}${url.search}`,
      headers: flattenHeaders(req.headers),
      body,
      at: Date.now(),
    };
    calls.push(call);
    res.once('close', () => {
      if (!res.writableFinished) call.abandoned = true;
    });
    if (!route) return sendJson(res, 404, { error: { message: `Unknown path ${url.pathname}` } });
    const { dialect } = route;
    const fail = (refusal: MockRefusal, headers?: Record<string, string>) =>
      sendJson(
        res,
        refusal.status,
        dialect.error(
          refusal.status,
          refusal.message,
          refusal.code,
          refusal.param,
          refusal.retryAfterSeconds,
        ),
        headers,
      );

    const refusal = dialect.checkHeaders(call.headers, url);
    if (refusal) return fail(refusal);
    if (!body || typeof body !== 'object')
      return fail({ status: 400, message: 'The request body is not valid JSON' });
    if (route.kind === 'count_tokens') {
      const counted = countTokensAnswer(dialect, body as Json);
      if (isRefusal(counted)) return fail(counted);
      const behaviour = behaviours.next(provider);
      const error = errorOf(behaviour, call.headers, url);
      return error
        ? fail(error, behaviour.headers)
        : sendJson(res, 200, counted, behaviour.headers);
    }
    let parsed: ParsedRequest | undefined;
    if (route.kind === 'chat') {
      const result = dialect.parseChat(body as Json, url);
      if (isRefusal(result)) return fail(result);
      parsed = result;
      call.parsed = parsed;
    }

    const behaviour = behaviours.next(provider);
    if (!(await waits.sleep(behaviour.latencyMs ?? 0, res))) return;
    if (behaviour.resetConnection) return void req.socket.resetAndDestroy();
    if (behaviour.respond) return behaviour.respond(res);
    const error = errorOf(behaviour, call.headers, url);
    const errorInStream = parsed?.stream && behaviour.streamErrorAfterChunks !== undefined;
    if (error && !errorInStream) {
      const retryAfter = behaviour.retryAfterSeconds;
      const inBody = retryAfter !== undefined && dialect.retryDelayInBody;
      const headers: Record<string, string> = {
        ...behaviour.headers,
        ...(retryAfter === undefined || inBody ? {} : { 'retry-after': String(retryAfter) }),
        ...(behaviour.shouldRetry === undefined
          ? {}
          : { 'x-should-retry': String(behaviour.shouldRetry) }),
      };
      return fail(inBody ? { ...error, retryAfterSeconds: retryAfter } : error, headers);
    }
    if (!parsed) return answerEmbeddings(res, dialect, body as Json, url, behaviour.headers);
    if (parsed.stream && behaviour.raw?.json === undefined)
      return streamAnswer(res, dialect, parsed, behaviour, waits, error);
    if (behaviour.cutStreamAfterChunks !== undefined) return void req.socket.destroy();
    const answer = JSON.stringify(
      behaviour.raw?.json ?? dialect.answer(planReply(parsed, behaviour)),
    );
    const text = behaviour.malformed ? answer.slice(0, Math.ceil(answer.length / 2)) : answer;
    if (!behaviour.hangMs && !behaviour.trickleMs)
      return sendJsonText(res, 200, text, behaviour.headers);
    res.writeHead(200, { 'content-type': 'application/json', ...behaviour.headers });
    res.flushHeaders();
    if (!(await waits.sleep(behaviour.hangMs ?? 0, res))) return;
    if (await writeTrickled(res, text, behaviour.trickleMs ?? 0, waits)) res.end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const baseUrls = Object.fromEntries(
    PROVIDER_IDS.map((id) => [id, `${url}${PROVIDER_PREFIXES[id]}`]),
  ) as Record<ProviderId, string>;

  return {
    url,
    baseUrls,
    calls,
    callCount: (provider) => calls.filter((c) => !provider || c.provider === provider).length,
    enqueue: (b, provider) => behaviours.enqueue(b, provider),
    setDefault: (b) => behaviours.setDefault(b),
    reset() {
      calls.length = 0;
      behaviours.reset();
    },
    async close() {
      waits.cancelAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function parseJson(raw: string): unknown {
  try {
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

/** The error answer a behaviour asks for, its message quoting the request's key if asked. */
function errorOf(
  behaviour: MockBehaviour,
  headers: Record<string, string>,
  url: URL,
): MockRefusal | undefined {
  const status = behaviour.status;
  if (!status || status < 400) return undefined;
  const message = behaviour.errorMessage ?? DEFAULT_MESSAGES[status] ?? 'Mock error';
  const code = {
    ...(behaviour.errorCode === undefined ? {} : { code: behaviour.errorCode }),
    ...(behaviour.errorParam === undefined ? {} : { param: behaviour.errorParam }),
  };
  if (!behaviour.echoCredential) return { status, message, ...code };
  return { status, message: `${message}: ${credentialOf(headers, url)}`, ...code };
}

async function streamAnswer(
  res: ServerResponse,
  dialect: Dialect,
  parsed: ParsedRequest,
  behaviour: MockBehaviour,
  waits: Waits,
  error: MockRefusal | undefined,
): Promise<void> {
  const events = streamEvents(dialect, planReply(parsed, behaviour), behaviour, error);
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    ...behaviour.headers,
  });
  res.flushHeaders();
  if (!(await waits.sleep(behaviour.hangMs ?? 0, res))) return;
  for (const [i, event] of events.entries()) {
    if (behaviour.cutStreamAfterChunks !== undefined && i >= behaviour.cutStreamAfterChunks) {
      res.socket?.destroy();
      return;
    }
    if (i > 0 && !(await waits.sleep(behaviour.chunkDelayMs ?? 0, res))) return;
    if (i === behaviour.stallAfterChunks && !(await waits.sleep(FOREVER_MS, res))) return;
    await writeFlushed(res, formatSse(event.data, event.event));
  }
  res.end();
}

/** The dialect's events, with a provider error event or a garbled event put in when asked. */
function streamEvents(
  dialect: Dialect,
  plan: ReturnType<typeof planReply>,
  behaviour: MockBehaviour,
  error: MockRefusal | undefined,
): SseOut[] {
  const events = behaviour.raw?.events ?? dialect.stream(plan);
  if (error && behaviour.streamErrorAfterChunks !== undefined) {
    const data = dialect.error(error.status, error.message, error.code, error.param);
    const errorEvent = dialect.errorEvent ? { event: dialect.errorEvent, data } : { data };
    return [...events.slice(0, behaviour.streamErrorAfterChunks), errorEvent];
  }
  if (behaviour.malformed) {
    const half = events.slice(0, Math.ceil(events.length / 2));
    return [...half, { data: '{"choices": [{"delta": ' }];
  }
  return events;
}

function answerEmbeddings(
  res: ServerResponse,
  dialect: Dialect,
  body: Json,
  url: URL,
  headers: Record<string, string> = {},
): void {
  if (!dialect.embeddings) {
    sendJson(res, 404, dialect.error(404, 'No embeddings here'));
    return;
  }
  const input = dialect.embeddings.parse(body, url);
  const vectors = input.texts.map((text) => mockEmbedding(text, input.dimensions));
  const tokens = countTextsTokens(input.texts);
  sendJson(res, 200, dialect.embeddings.answer(vectors, input, tokens), headers);
}

// Anthropic's count_tokens takes the prompt's fields only: max_tokens, stream or sampling settings
// are refused as extra inputs, as Anthropic refuses them.
const COUNT_TOKENS_FIELDS = new Set([
  'model',
  'messages',
  'system',
  'tools',
  'tool_choice',
  'thinking',
]);

function countTokensAnswer(dialect: Dialect, body: Json): { input_tokens: number } | MockRefusal {
  const extra = Object.keys(body).find((k) => !COUNT_TOKENS_FIELDS.has(k));
  if (extra) return { status: 400, message: `${extra}: Extra inputs are not permitted` };
  const parsed = dialect.parseChat({ ...body, max_tokens: 1 }, new URL('http://mock'));
  if (isRefusal(parsed)) return parsed;
  return { input_tokens: Math.max(1, countTokens(parsed.allText)) };
}
