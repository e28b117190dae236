import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { countTextsTokens } from '@tokenwise/pricing';
import { PROVIDER_IDS, type ProviderId } from '../gateway/types.ts';
import { formatSse } from '../gateway/wire/sse.ts';
import { BehaviourQueue } from './behaviour-queue.ts';
import { type Dialect, isRefusal, type Json } from './dialects/dialect.ts';
import { mockEmbedding } from './embeddings.ts';
import { flattenHeaders, readBody, sendJson, Waits, writeFlushed } from './http-helpers.ts';
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
    if (!route) return sendJson(res, 404, { error: { message: `Unknown path ${url.pathname}` } });
    const { dialect } = route;
    const fail = (status: number, message: string, headers?: Record<string, string>) =>
      sendJson(res, status, dialect.error(status, message), headers);

    const refusal = dialect.checkHeaders(call.headers, url);
    if (refusal) return fail(refusal.status, refusal.message);
    if (!body || typeof body !== 'object') return fail(400, 'The request body is not valid JSON');
    let parsed: ParsedRequest | undefined;
    if (route.kind === 'chat') {
      const result = dialect.parseChat(body as Json, url);
      if (isRefusal(result)) return fail(result.status, result.message);
      parsed = result;
      call.parsed = parsed;
    }

    const behaviour = behaviours.next(provider);
    if (!(await waits.sleep(behaviour.latencyMs ?? 0, res))) return;
    if (behaviour.status && behaviour.status >= 400) {
      const retryAfter = behaviour.retryAfterSeconds;
      const headers: Record<string, string> =
        retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) };
      const message = behaviour.errorMessage ?? DEFAULT_MESSAGES[behaviour.status] ?? 'Mock error';
      return fail(behaviour.status, message, headers);
    }
    if (!parsed) return answerEmbeddings(res, dialect, body as Json, url);
    if (parsed.stream) return streamAnswer(res, dialect, parsed, behaviour, waits);
    if (behaviour.cutStreamAfterChunks !== undefined) return void req.socket.destroy();
    const answer = dialect.answer(planReply(parsed, behaviour));
    if (behaviour.hangMs) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
      if (!(await waits.sleep(behaviour.hangMs, res))) return;
      return void res.end(JSON.stringify(answer));
    }
    sendJson(res, 200, answer);
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

async function streamAnswer(
  res: ServerResponse,
  dialect: Dialect,
  parsed: ParsedRequest,
  behaviour: MockBehaviour,
  waits: Waits,
): Promise<void> {
  const events = dialect.stream(planReply(parsed, behaviour));
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  if (!(await waits.sleep(behaviour.hangMs ?? 0, res))) return;
  for (const [i, event] of events.entries()) {
    if (behaviour.cutStreamAfterChunks !== undefined && i >= behaviour.cutStreamAfterChunks) {
      res.socket?.destroy();
      return;
    }
    if (i > 0 && !(await waits.sleep(behaviour.chunkDelayMs ?? 0, res))) return;
    await writeFlushed(res, formatSse(event.data, event.event));
  }
  res.end();
}

function answerEmbeddings(res: ServerResponse, dialect: Dialect, body: Json, url: URL): void {
  if (!dialect.embeddings) {
    sendJson(res, 404, dialect.error(404, 'No embeddings here'));
    return;
  }
  const input = dialect.embeddings.parse(body, url);
  const vectors = input.texts.map((text) => mockEmbedding(text, input.dimensions));
  const tokens = countTextsTokens(input.texts);
  sendJson(res, 200, dialect.embeddings.answer(vectors, input, tokens));
}
