import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { MockBehaviour } from '../../mock-upstream/server.ts';
import { type GatewayFixture, startGatewayFixture } from './gateway-fixture.ts';
import {
  CALLERS,
  type Caller,
  type CallerError,
  type CallOutcome,
  callGateway,
  isStream,
  UPSTREAM_OF,
} from './upstream-callers.ts';

// Room for the gateway's three attempts and their backoff (up to 750 ms), and for a 1 s
// retry-after and the attempt after it with a second to spare on a loaded machine: one timeout
// bounds a request's retries too (decision 143); at 1.5 s a retry half a second late would fail.
const TIMEOUT_MS = 2_500;
// Long enough that a gateway ignoring its timeout would hold the test past its own deadline.
const FOREVER_MS = 120_000;
const TEST_DEADLINE = { timeout: 60_000 };
const LONG_REPLY = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

/**
 * What happens to a caller when the provider misbehaves, for each official SDK plain and
 * streamed: a clear error in the caller's format, never a crash or a wait past the timeout, and
 * one request-log row for every request sent.
 */
describe('upstream faults, as each SDK caller sees them', () => {
  let f: GatewayFixture;
  let sent = 0;
  const faultsInjected = new Map<string, number>();

  before(async () => {
    f = await startGatewayFixture({
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
      UPSTREAM_MAX_RETRIES: '2',
    });
  });
  after(async () => {
    console.log(`faults injected: ${JSON.stringify(Object.fromEntries(faultsInjected))}`);
    await f.close();
  });

  /** Queues `attempts` for the caller's provider, sends one request, returns what the caller saw. */
  async function inject(
    fault: string,
    caller: Caller,
    attempts: MockBehaviour[],
    content = fault,
    sdkRetries?: number,
  ): Promise<CallOutcome> {
    f.mock.reset();
    for (const behaviour of attempts) f.mock.enqueue(behaviour, UPSTREAM_OF[caller]);
    faultsInjected.set(fault, (faultsInjected.get(fault) ?? 0) + 1);
    sent += 1;
    // Each fault must reach the provider: no answer from the cache.
    return callGateway(f, caller, content, {
      headers: { 'x-tokenwise-cache': 'bypass' },
      ...(sdkRetries === undefined ? {} : { maxRetries: sdkRetries }),
    });
  }

  function answered(outcome: CallOutcome, caller: Caller): string {
    assert.ok(outcome.ok, `${caller}: ${outcome.ok ? '' : outcome.error.message}`);
    return outcome.text;
  }

  function failed(outcome: CallOutcome, caller: Caller): CallerError {
    assert.ok(!outcome.ok, `${caller}: expected an error, got "${outcome.ok && outcome.text}"`);
    return outcome.error;
  }

  async function lastRow() {
    return (await f.logs())[0];
  }

  /** A fault once is retried and answered; on every attempt it is a 502 after three, logged. */
  async function retriedThenConnectionFailed(fault: string, caller: Caller, each: MockBehaviour) {
    const once = await inject(`${fault} once`, caller, [each, {}]);
    assert.match(answered(once, caller), new RegExp(`${fault} once`));
    const error = failed(
      await inject(`${fault} every attempt`, caller, Array(3).fill(each)),
      caller,
    );
    assert.equal(error.status, 502, caller);
    assert.match(error.message, /Upstream connection failed/);
    assert.equal(f.mock.callCount(), 3);
    assert.equal((await lastRow())?.http_status, 502);
  }

  test(
    '429 with Retry-After: the gateway waits as asked, then the caller gets the answer',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        const outcome = await inject('429 retry-after 1s', caller, [
          { status: 429, retryAfterSeconds: 1 },
          {},
        ]);
        assert.match(answered(outcome, caller), /429 retry-after 1s/);
        const [first, second] = f.mock.calls;
        assert.ok(first && second && second.at - first.at >= 950, `${caller}: waited 1 s`);
        assert.equal((await lastRow())?.status, 'success');
      }
    },
  );

  test(
    '429 asking for a longer wait than the gateway makes: a 429 at once, Retry-After passed on',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        const error = failed(
          await inject('429 retry-after 120s', caller, [{ status: 429, retryAfterSeconds: 120 }]),
          caller,
        );
        assert.equal(error.status, 429, caller);
        assert.equal(error.type, 'rate_limit_error', caller);
        assert.equal(error.retryAfter, '120', caller);
        // Not retried here, so it stays the caller's to retry (decision 141).
        assert.equal(error.shouldRetry, null, caller);
        assert.equal(f.mock.callCount(), 1, `${caller}: not retried`);
        assert.equal((await lastRow())?.http_status, 429);
      }
    },
  );

  test(
    '500 on every attempt: the provider status and message after three tries',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        const attempts = Array(3).fill({ status: 500, errorMessage: 'The server had an error' });
        const error = failed(await inject('500 every attempt', caller, attempts), caller);
        assert.equal(error.status, 500, caller);
        // Each vendor's own type for a 5xx: OpenAI's server_error, Anthropic's api_error.
        const type = caller.startsWith('openai') ? 'server_error' : 'api_error';
        assert.equal(error.type, type, caller);
        assert.match(error.message, /The server had an error/);
        assert.equal(f.mock.callCount(), 3, `${caller}: one try and two retries`);
        const row = await lastRow();
        assert.deepEqual([row?.status, row?.http_status], ['error', 500]);
        assert.match(row?.error_message ?? '', /server had an error/);
      }
    },
  );

  test(
    'an error the gateway already retried says x-should-retry: false, so an SDK left on its default retries does not make nine attempts',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        // Enough failures for the SDK's two retries of the gateway's three attempts each.
        const attempts = Array(9).fill({ status: 500, errorMessage: 'The server had an error' });
        const error = failed(
          await inject('500, SDK retries on', caller, attempts, undefined, 2),
          caller,
        );
        assert.equal(error.status, 500, caller);
        assert.equal(error.shouldRetry, 'false', caller);
        assert.equal(f.mock.callCount(), 3, `${caller}: the gateway's three attempts, no more`);
        const reset = Array(9).fill({ resetConnection: true });
        const dropped = failed(
          await inject('reset, SDK retries on', caller, reset, undefined, 2),
          caller,
        );
        assert.equal(dropped.status, 502, caller);
        assert.equal(dropped.shouldRetry, 'false', caller);
        assert.equal(f.mock.callCount(), 3, `${caller}: connection failures alike`);
      }
    },
  );

  test(
    "the provider's own x-should-retry: obeyed by the gateway, and passed on when the gateway did not retry",
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        // OpenAI's 429 for an exhausted quota says no wait will help: neither the gateway nor an
        // SDK on its default retries tries again.
        const quota = { status: 429, errorMessage: 'You exceeded your quota', shouldRetry: false };
        const refused = failed(
          await inject('429 should-retry false', caller, Array(9).fill(quota), undefined, 2),
          caller,
        );
        assert.equal(refused.status, 429, caller);
        assert.equal(refused.shouldRetry, 'false', caller);
        assert.equal(f.mock.callCount(), 1, `${caller}: one attempt in all`);
        // A 503 the provider says to retry, after a longer wait than the gateway makes: tried once
        // here, so the provider's word reaches the SDK.
        const busy = failed(
          await inject('503 should-retry true', caller, [
            { status: 503, retryAfterSeconds: 120, shouldRetry: true },
          ]),
          caller,
        );
        assert.equal(busy.status, 503, caller);
        assert.equal(busy.shouldRetry, 'true', caller);
        assert.equal(f.mock.callCount(), 1, `${caller}: not retried by the gateway`);
      }
    },
  );

  test(
    "Anthropic's 409 conflict_error: a 409 with that type to Anthropic callers, a 409 to OpenAI callers, plain or as a stream event",
    TEST_DEADLINE,
    async () => {
      const model = 'claude-3-5-haiku-latest';
      for (const caller of CALLERS) {
        for (const conflict of [
          { status: 409, errorMessage: 'Conflicting request' },
          { status: 409, errorMessage: 'Conflicting request', streamErrorAfterChunks: 2 },
        ]) {
          const inStream = conflict.streamErrorAfterChunks !== undefined;
          if (inStream && !isStream(caller)) continue;
          f.mock.reset();
          f.mock.enqueue({ ...conflict, reply: LONG_REPLY }, 'anthropic');
          sent += 1;
          const outcome = await callGateway(f, caller, `409 ${caller} ${inStream}`, {
            headers: { 'x-tokenwise-cache': 'bypass' },
            model,
          });
          const error = failed(outcome, caller);
          const what = `${caller}${inStream ? ' in stream' : ''}`;
          assert.match(error.message, /Conflicting request/, what);
          if (!inStream) assert.equal(error.status, 409, what);
          if (caller.startsWith('anthropic')) assert.equal(error.type, 'conflict_error', what);
          else if (!inStream) assert.equal(error.type, 'invalid_request_error', what);
          assert.equal((await lastRow())?.http_status, 409, what);
        }
      }
    },
  );

  test(
    'connection reset: retried; on every attempt a 502 saying the connection failed',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        await retriedThenConnectionFailed('reset', caller, { resetConnection: true });
      }
    },
  );

  test(
    'a plain answer cut half-way through its body: retried; on every attempt a 502 saying the connection failed',
    TEST_DEADLINE,
    async () => {
      // Headers and the first bytes go out, then the connection closes: the reset above comes
      // before any header, and how the answer's body is read must keep this (decision 171).
      const cutBody = async (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
        res.write('{"id":"chatcmpl-cut","object":"chat.completion","choices":[');
        await new Promise((resolve) => setTimeout(resolve, 20));
        res.socket?.destroy();
      };
      for (const caller of CALLERS.filter((c) => !isStream(c))) {
        await retriedThenConnectionFailed('cut body', caller, { respond: cutBody });
      }
    },
  );

  test(
    'stall before the first byte: a 504 after the timeout, not retried',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        for (const stall of [{ latencyMs: FOREVER_MS }, { hangMs: FOREVER_MS }]) {
          const error = failed(await inject('stall before first byte', caller, [stall]), caller);
          assert.equal(error.status, 504, `${caller} ${JSON.stringify(stall)}`);
          assert.match(error.message, /timed out/);
          // Anthropic's own type for a 504 (it was api_error, Anthropic's 500).
          if (caller.startsWith('anthropic')) assert.equal(error.type, 'timeout_error', caller);
          assert.equal(f.mock.callCount(), 1);
          assert.equal((await lastRow())?.http_status, 504);
        }
      }
    },
  );

  test(
    'stream cut half-way: the caller sees an error after the text so far, the row says error',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS.filter(isStream)) {
        const error = failed(
          await inject('stream cut', caller, [{ cutStreamAfterChunks: 8, reply: LONG_REPLY }]),
          caller,
        );
        assert.equal(error.status, undefined, `${caller}: reported inside the stream`);
        assert.match(error.message, /Upstream stream ended unexpectedly/);
        const row = await lastRow();
        assert.deepEqual([row?.status, row?.http_status, row?.is_stream], ['error', 502, 1]);
        assert.match(row?.response_text ?? '', /^Echo|word0/, 'the text that did arrive is kept');
      }
    },
  );

  test(
    'malformed JSON from the provider: a 502 naming it, plain or half-way through a stream',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        const error = failed(
          await inject('malformed JSON', caller, [{ malformed: true, reply: LONG_REPLY }]),
          caller,
        );
        assert.equal(error.status, isStream(caller) ? undefined : 502, caller);
        assert.match(error.message, /not JSON/, caller);
        assert.equal(f.mock.callCount(), 1, `${caller}: not retried`);
        assert.equal((await lastRow())?.http_status, 502);
      }
    },
  );

  test(
    'slow trickle: a stream that keeps coming is relayed whole; a plain answer that trickles past the timeout is a 504',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        const outcome = await inject('slow trickle', caller, [
          isStream(caller)
            ? { chunkDelayMs: TIMEOUT_MS / 5, reply: 'one two three four five six seven eight' }
            : { trickleMs: TIMEOUT_MS / 5, reply: LONG_REPLY },
        ]);
        if (isStream(caller)) {
          assert.equal(answered(outcome, caller), 'one two three four five six seven eight');
          assert.equal((await lastRow())?.status, 'success');
        } else {
          const error = failed(outcome, caller);
          assert.equal(error.status, 504, caller);
          assert.equal((await lastRow())?.http_status, 504);
        }
      }
    },
  );

  test(
    'a provider that quotes the key in its error: masked for the caller and in the log',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        const key = `${UPSTREAM_OF[caller]}-secret-key`;
        const outcomes = [
          await inject('key echoed in a 401', caller, [
            { status: 401, errorMessage: 'Incorrect API key provided', echoCredential: true },
          ]),
        ];
        if (isStream(caller)) {
          outcomes.push(
            await inject('key echoed in a stream error event', caller, [
              { status: 500, echoCredential: true, streamErrorAfterChunks: 6, reply: LONG_REPLY },
            ]),
          );
        }
        for (const outcome of outcomes) {
          const error = failed(outcome, caller);
          assert.ok(!error.message.includes(key), `${caller}: ${error.message}`);
          assert.match(error.message, /\[SECRET_REDACTED\]/);
          const row = await lastRow();
          assert.ok(!(row?.error_message ?? '').includes(key), `${caller}: the log has the key`);
          assert.match(row?.error_message ?? '', /\[SECRET_REDACTED\]/);
        }
        assert.ok(
          f.mock.calls.every((c) => JSON.stringify(c.headers).includes(key)),
          'sanity: the key was sent',
        );
      }
    },
  );

  test(
    'the provider refuses the stored provider key (401, 403): an error that names the provider and the key, unlike a wrong gateway key',
    TEST_DEADLINE,
    async () => {
      for (const caller of CALLERS) {
        const label = UPSTREAM_OF[caller] === 'openai' ? 'OpenAI' : 'Anthropic';
        for (const [status, type] of [
          [401, 'authentication_error'],
          [403, 'permission_error'],
        ] as const) {
          const error = failed(
            await inject(`provider ${status}`, caller, [
              { status, errorMessage: 'Incorrect API key provided' },
              {},
            ]),
            caller,
          );
          const what = `${caller} ${status}`;
          assert.equal(error.status, status, what);
          assert.equal(error.type, type, what);
          assert.match(
            error.message,
            new RegExp(`${label} rejected the ${label} API key stored for this account`),
            what,
          );
          assert.match(
            error.message,
            /Incorrect API key provided/,
            `${what}: the provider's words`,
          );
          assert.match(error.message, /Settings → Provider API Keys/, what);
          assert.match(error.message, /Your Tokenwise key was accepted/, what);
          if (caller.startsWith('openai')) assert.equal(error.code, 'provider_key_rejected', what);
          assert.equal(f.mock.callCount(), 1, `${what}: not retried`);
          const row = await lastRow();
          assert.deepEqual([row?.status, row?.http_status], ['error', status], what);
          assert.match(row?.error_message ?? '', /API key stored for this account/, what);
        }
      }
      // The gateway's own refusal of a wrong gateway key, for contrast.
      const wrong = await fetch(`${f.server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer tw_wrong' },
        body: JSON.stringify({
          model: 'openai/gpt-4o-mini',
          messages: [{ role: 'user', content: 'x' }],
        }),
      });
      const body = (await wrong.json()) as { error: { code: string; message: string } };
      assert.deepEqual([wrong.status, body.error.code], [401, 'invalid_api_key']);
      assert.doesNotMatch(body.error.message, /stored for this account/);
    },
  );

  test(
    'every request sent has exactly one row in request_log; the gateway still answers',
    TEST_DEADLINE,
    async () => {
      const rows = await f.logs();
      console.log(`rows sent ${sent}, stored ${rows.length}`);
      assert.equal(rows.length, sent);
      assert.equal(new Set(rows.map((r) => r.id)).size, rows.length);
      f.mock.reset();
      for (const caller of CALLERS) {
        const outcome = await callGateway(f, caller, `still alive? (${caller})`);
        assert.match(answered(outcome, caller), /still alive/);
      }
      assert.equal((await fetch(`${f.server.url}/healthz`)).status, 200);
    },
  );
});
