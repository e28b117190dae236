import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { getProvider } from '../providers/registry.ts';
import { type ChatCompletionRequest, GatewayError, type UpstreamTarget } from '../types.ts';
import { sendChat, sendEmbeddings, type UpstreamOptions } from './client.ts';
import { useMockUpstream } from './testing/use-mock-upstream.ts';

const openai = getProvider('openai');
const hello: ChatCompletionRequest = { model: 'x', messages: [{ role: 'user', content: 'hello' }] };
const isStatus = (status: number, message?: RegExp) => (err: unknown) =>
  err instanceof GatewayError && err.status === status && (!message || message.test(err.message));

describe('upstream client', () => {
  const mock = useMockUpstream();
  const target = (): UpstreamTarget => ({
    provider: 'openai',
    model: 'gpt-test',
    apiKey: 'k',
    baseUrl: mock.baseUrls.openai,
  });
  const opts: UpstreamOptions = { timeoutMs: 2_000, maxRetries: 2, retryBaseDelayMs: 1 };

  test('a short retry-after is honoured; a long one returns the 429 at once', async () => {
    mock.enqueue({ status: 429, retryAfterSeconds: 0 });
    assert.equal((await sendChat(openai, hello, target(), 'r', opts)).attempts, 2);
    mock.reset();
    mock.enqueue({ status: 429, retryAfterSeconds: 60, errorMessage: 'Try again in a minute' });
    await assert.rejects(sendChat(openai, hello, target(), 'r', opts), (err: unknown) => {
      assert.ok(isStatus(429, /a minute/)(err));
      assert.equal((err as GatewayError).type, 'rate_limit_error');
      return true;
    });
    assert.equal(mock.callCount(), 1);
  });

  test('4xx answers other than 429 are not retried', async () => {
    mock.enqueue({ status: 400, errorMessage: 'Bad field' });
    await assert.rejects(
      sendChat(openai, hello, target(), 'r', opts),
      (err: unknown) =>
        err instanceof GatewayError &&
        err.type === 'invalid_request_error' &&
        /Bad field/.test(err.message),
    );
    assert.equal(mock.callCount(), 1);
  });

  test('a refused connection is a 502 after the retries', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = { ...target(), baseUrl: `http://127.0.0.1:${port}/v1` };
    await assert.rejects(
      sendChat(openai, hello, nowhere, 'r', opts),
      isStatus(502, /connection failed/),
    );
  });

  test('a 200 that is not JSON is a 502, not retried', async () => {
    const server = createServer((_req, res) => res.end('<html>oops</html>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let hits = 0;
    server.on('request', () => {
      hits += 1;
    });
    try {
      const odd = { ...target(), baseUrl: `http://127.0.0.1:${port}/v1` };
      await assert.rejects(sendChat(openai, hello, odd, 'r', opts), isStatus(502, /not JSON/));
      assert.equal(hits, 1);
    } finally {
      server.close();
    }
  });

  test('the caller cancelling ends the wait with 499 and frees the provider', {
    timeout: 30_000,
  }, async () => {
    mock.enqueue({ latencyMs: 5_000 });
    const controller = new AbortController();
    const pending = sendChat(openai, hello, target(), 'r', { ...opts, signal: controller.signal });
    // Cancelled once the provider has the request, however long a loaded machine takes to send
    // it: a cancel before that would test nothing, and a request still in flight would take the
    // next test's queued behaviour.
    while (mock.callCount() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await assert.rejects(pending, isStatus(499));
    assert.equal(mock.callCount(), 1, 'no retry after a cancel');
  });

  // The attempt's own headers deadline, with the caller's signal (joined with AbortSignal.any) and
  // without (an EventEmitter then, decision 045): both end the wait the same way.
  for (const withSignal of [false, true]) {
    test(`no headers within the timeout is a 504 at the timeout, not retried (caller's signal: ${withSignal})`, async () => {
      mock.enqueue({ latencyMs: 5_000 });
      const timeoutMs = 1_200;
      const signal = withSignal ? new AbortController().signal : undefined;
      const started = performance.now();
      await assert.rejects(
        sendChat(openai, hello, target(), 'r', { ...opts, timeoutMs, signal }),
        isStatus(504, /timed out/),
      );
      const took = performance.now() - started;
      // Not a lower bound: undici's own headersTimeout (same value, a coarse timer above a
      // second) may end the wait a little early, with the same 504.
      assert.ok(took < timeoutMs + 600, `took ${Math.round(took)} ms`);
      assert.equal(mock.callCount(), 1, 'a timeout is not retried');
    });
  }

  test('a stream going silent mid-way throws 504 from the iterator', async () => {
    // The opening chunk and the first word come at once, then silence past the idle timeout. The
    // timeout leaves room for a loaded machine to deliver the first word in time.
    mock.enqueue({ stallAfterChunks: 2 });
    const result = await sendChat(openai, { ...hello, stream: true }, target(), 'r', {
      ...opts,
      timeoutMs: 1_500,
    });
    assert.equal(result.kind, 'stream');
    if (result.kind !== 'stream') return;
    await assert.rejects(
      async () => {
        for await (const _ of result.chunks) {
          // Drain until the idle timeout.
        }
      },
      isStatus(504, /timed out/),
    );
  });

  test('a caller that stops reading early closes the provider connection', async () => {
    let closedEarly: (finished: boolean) => void = () => {};
    const closed = new Promise<boolean>((resolve) => {
      closedEarly = resolve;
    });
    // One chunk, then a stream that would stay open for a long time.
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = { choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: null }] };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      const timer = setTimeout(() => res.end(), 5_000);
      res.on('close', () => {
        clearTimeout(timer);
        closedEarly(!res.writableFinished);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const slow = { ...target(), baseUrl: `http://127.0.0.1:${port}/v1` };
      // A long timeout, so only the early close can end the connection before the provider does.
      const patient = { ...opts, timeoutMs: 30_000 };
      const result = await sendChat(openai, { ...hello, stream: true }, slow, 'r', patient);
      if (result.kind !== 'stream') throw new Error('expected a stream');
      for await (const _ of result.chunks) break;
      assert.equal(await closed, true, 'closed before the provider finished');
    } finally {
      server.close();
    }
  });

  test('embeddings from a provider without an endpoint are a 400', async () => {
    const anthropic = getProvider('anthropic');
    const claude = {
      ...target(),
      provider: 'anthropic' as const,
      baseUrl: mock.baseUrls.anthropic,
    };
    await assert.rejects(
      sendEmbeddings(anthropic, { model: 'x', input: 'a' }, claude, opts),
      isStatus(400, /anthropic/),
    );
    assert.equal(mock.callCount(), 0);
  });
});
