import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { MockBehaviour } from '../../mock-upstream/server.ts';
import { type GatewayFixture, startGatewayFixture } from './gateway-fixture.ts';
import {
  type Caller,
  type CallerError,
  type CallOutcome,
  callGateway,
  UPSTREAM_OF,
} from './upstream-callers.ts';

// Long enough for 70 MB to cross loopback on a loaded machine before the answer's own deadline.
const TIMEOUT_MS = 30_000;
// How long a caller may read nothing before the gateway lets it go, in the slow-reader fixture.
const STALL_MS = 1_000;
const TEST_DEADLINE = { timeout: 60_000 };
const MiB = 1024 * 1024;

/** Writes `total` bytes of `piece` after `head`, at the pace the reader takes them; stops if it goes. */
async function pour(res: ServerResponse, head: string, piece: string, total: number, tail = '') {
  let sent = 0;
  res.write(head);
  while (sent < total && !res.destroyed) {
    sent += piece.length;
    if (!res.write(piece)) {
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  if (!res.destroyed) res.end(tail);
  return sent;
}

/**
 * What a provider's oversized or mislabelled answers do to a caller (decision 095): a clear error in
 * the caller's SDK format naming the limit, not a stalled loop, a grown heap or a bare 500.
 */
describe('upstream answers past the gateway limits, as each SDK caller sees them', () => {
  let f: GatewayFixture;

  before(async () => {
    f = await startGatewayFixture({
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
      UPSTREAM_MAX_RETRIES: '2',
    });
  });
  after(async () => {
    await f.close();
  });

  async function inject(caller: Caller, attempts: MockBehaviour[], model?: string) {
    f.mock.reset();
    for (const behaviour of attempts)
      f.mock.enqueue(behaviour, model ? undefined : UPSTREAM_OF[caller]);
    return callGateway(f, caller, `bounds ${caller}`, {
      headers: { 'x-tokenwise-cache': 'bypass' },
      ...(model ? { model } : {}),
    });
  }

  function failed(outcome: CallOutcome, caller: string): CallerError {
    assert.ok(!outcome.ok, `${caller}: expected an error, got "${outcome.ok && outcome.text}"`);
    return outcome.error;
  }

  test(
    'a 70 MB JSON answer: 502 naming the 64 MiB limit, not retried, logged',
    TEST_DEADLINE,
    async () => {
      const filler = 'a'.repeat(MiB);
      for (const caller of ['openai', 'anthropic'] as const) {
        const respond = async (res: ServerResponse) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          await pour(res, '{"filler":"', filler, 70 * MiB, '"}');
        };
        const error = failed(await inject(caller, [{ respond }]), caller);
        assert.equal(error.status, 502, caller);
        assert.match(error.message, /over the gateway's 64 MiB limit/, caller);
        if (caller === 'openai') assert.equal(error.code, 'upstream_answer_too_large');
        assert.equal(f.mock.callCount(), 1, `${caller}: not retried`);
        const row = (await f.logs())[0];
        assert.deepEqual([row?.status, row?.http_status], ['error', 502], caller);
        assert.match(row?.error_message ?? '', /64 MiB/, caller);
      }
    },
  );

  test(
    'a 2 MB answer, under the limit, is parsed off the loop and answered whole',
    TEST_DEADLINE,
    async () => {
      const content = 'e'.repeat(2 * MiB);
      const respond = (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-big',
            object: 'chat.completion',
            created: 1,
            model: 'gpt-4o-mini',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 },
          }),
        );
      };
      const outcome = await inject('openai', [{ respond }]);
      assert.ok(outcome.ok, outcome.ok ? '' : outcome.error.message);
      assert.equal(outcome.text.length, content.length);
    },
  );

  test(
    'a 5 MB error body: the provider status, a message naming the 1 MiB limit',
    TEST_DEADLINE,
    async () => {
      const respond = async (res: ServerResponse) => {
        res.writeHead(400, { 'content-type': 'application/json' });
        await pour(res, '{"error":{"message":"', 'b'.repeat(64 * 1024), 5 * MiB, '"}}');
      };
      for (const caller of ['openai', 'openai-stream', 'anthropic'] as const) {
        const error = failed(await inject(caller, [{ respond }]), caller);
        assert.equal(error.status, 400, caller);
        assert.match(error.message, /error body over the gateway's 1 MiB limit/, caller);
        assert.doesNotMatch(error.message, /bbbb/, caller);
      }
    },
  );

  test(
    'a stream line without end: 502 naming the 16 MiB limit, not retried',
    TEST_DEADLINE,
    async () => {
      const respond = async (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        await pour(res, 'data: {"x":"', 'c'.repeat(MiB), 40 * MiB);
      };
      for (const caller of ['openai-stream', 'anthropic-stream'] as const) {
        const error = failed(await inject(caller, [{ respond }]), caller);
        assert.equal(error.status, 502, caller);
        assert.match(error.message, /stream event over the gateway's 16 MiB limit/, caller);
        assert.equal(f.mock.callCount(), 1, `${caller}: not retried`);
      }
    },
  );

  test(
    'a stream line of multi-byte text is bounded by its bytes: 502 naming the 16 MiB limit',
    TEST_DEADLINE,
    async () => {
      // 6 Mi characters of CJK text are 18 MiB on the wire: over the limit, though fewer than
      // 16 Mi UTF-16 units.
      const respond = async (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        await pour(res, 'data: {"x":"', '字'.repeat(MiB / 4), 6 * MiB, '"}\n\n');
      };
      for (const caller of ['openai-stream', 'anthropic-stream'] as const) {
        const error = failed(await inject(caller, [{ respond }]), caller);
        assert.equal(error.status, 502, caller);
        assert.match(error.message, /stream event over the gateway's 16 MiB limit/, caller);
        assert.equal(f.mock.callCount(), 1, `${caller}: not retried`);
      }
    },
  );

  test(
    'a JSON error under content-type text/event-stream is read as the error it is',
    TEST_DEADLINE,
    async () => {
      const bodies = {
        'openai-stream': {
          error: {
            message: 'Proxy says the model is busy',
            type: 'invalid_request_error',
            code: 'model_busy',
          },
        },
        'anthropic-stream': {
          type: 'error',
          error: { type: 'invalid_request_error', message: 'Proxy says the model is busy' },
        },
      };
      for (const [caller, body] of Object.entries(bodies) as [Caller, unknown][]) {
        const respond = (res: ServerResponse) => {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.end(`\n${JSON.stringify(body)}`);
        };
        const error = failed(await inject(caller, [{ respond }, { respond }, { respond }]), caller);
        assert.match(error.message, /Proxy says the model is busy/, caller);
        assert.equal(f.mock.callCount(), 1, `${caller}: not retried`);
      }
    },
  );

  test(
    "Gemini's 400 API_KEY_INVALID is the provider refusing the stored key",
    TEST_DEADLINE,
    async () => {
      for (const caller of ['openai', 'openai-stream', 'anthropic'] as const) {
        const refusal = {
          status: 400,
          errorMessage: 'API key not valid. Please pass a valid API key.',
          errorCode: 'API_KEY_INVALID',
        };
        const error = failed(await inject(caller, [refusal], 'gemini/gemini-2.5-flash'), caller);
        assert.equal(error.status, 401, caller);
        assert.equal(error.type, 'authentication_error', caller);
        assert.match(error.message, /Gemini rejected the Gemini API key stored for this account/);
        assert.match(error.message, /API key not valid/);
        if (caller.startsWith('openai')) assert.equal(error.code, 'provider_key_rejected');
        assert.equal(f.mock.callCount(), 1, `${caller}: not retried`);
      }
      // A Gemini 400 for anything else stays the caller's bad request.
      const other = failed(
        await inject(
          'openai',
          [{ status: 400, errorMessage: 'contents is not specified' }],
          'gemini/gemini-2.5-flash',
        ),
        'openai',
      );
      assert.equal(other.status, 400);
      assert.notEqual(other.code, 'provider_key_rejected');
    },
  );
});

describe('a caller that reads slower than the provider streams', () => {
  let f: GatewayFixture;

  before(async () => {
    f = await startGatewayFixture({ UPSTREAM_TIMEOUT_MS: String(STALL_MS) });
  });
  after(async () => {
    await f.close();
  });

  test(
    'a caller that stops reading a fast stream: the provider is read no faster, then let go',
    TEST_DEADLINE,
    async () => {
      const piece = `data: ${JSON.stringify({
        id: 'x',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'gpt-4o-mini',
        choices: [{ index: 0, delta: { content: 'd'.repeat(64 * 1024) }, finish_reason: null }],
      })}\n\n`;
      const total = 400 * MiB;
      let poured: Promise<number> | undefined;
      let finished = false;
      const respond = (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.once('finish', () => {
          finished = true;
        });
        poured = pour(res, '', piece, total, 'data: [DONE]\n\n');
      };
      f.mock.reset();
      f.mock.enqueue({ respond }, 'openai');
      const socket = connect(Number(new URL(f.server.url).port), '127.0.0.1');
      const body = JSON.stringify({
        model: 'openai/gpt-4o-mini',
        stream: true,
        messages: [{ role: 'user', content: 'slow reader' }],
      });
      socket.write(
        `POST /v1/chat/completions HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
          `authorization: Bearer ${f.gatewayKey}\r\nx-tokenwise-cache: bypass\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      // Read the headers and the first bytes, then read nothing more (the socket stays open).
      const first = await new Promise<string>((resolve) =>
        socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1'))),
      );
      socket.pause();
      assert.match(first, /^HTTP\/1\.1 200/);
      while (!poured) await new Promise((resolve) => setImmediate(resolve));
      const sent = await poured;
      // Before: the gateway read the whole 400 MB answer into the caller's write buffer.
      assert.ok(!finished, 'the provider was not read to the end');
      assert.ok(
        sent < total / 4,
        `the provider sent ${Math.round(sent / MiB)} MiB before being let go`,
      );
      socket.destroy();
      const row = (await f.logs())[0];
      assert.equal(row?.http_status, 499);
    },
  );
});
