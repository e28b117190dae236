import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { Agent, fetch } from 'undici';
import { type GatewayFixture, uncachedChat } from './gateway-fixture.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type LogRow = Awaited<ReturnType<GatewayFixture['logs']>>[number];

/**
 * A caller that leaves while the provider is still silent: the gateway abandons the provider's
 * call at once and logs a 499, instead of waiting out the provider (which bills the tokens it
 * goes on writing) and logging the answer nobody received as a 200.
 */
describe('a caller that goes away while the provider is silent', () => {
  const f = useGatewayFixture();
  // The callers' own connections, closed before the gateway is: a caller's socket the gateway
  // still counts as busy would hold its close until the headers timeout.
  const callers = new Agent();
  after(() => callers.destroy());

  async function leaveWhileWaiting(stream: boolean): Promise<LogRow | undefined> {
    const before = f.mock.callCount();
    const controller = new AbortController();
    const sent = fetch(`${f.server.url}/v1/chat/completions`, {
      ...uncachedChat(f, {
        stream,
        messages: [{ role: 'user', content: `leaving before the answer (${stream})` }],
      }),
      dispatcher: callers,
      signal: controller.signal,
    }).catch(() => undefined);
    // Leave once the provider has the request, however long a loaded machine takes to send it.
    while (f.mock.callCount() === before) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await sent;
    // The provider would answer after 8 s and the old gateway then logged a 200: wait past that.
    for (let i = 0; i < 120; i++) {
      const rows = (await f.logs()).filter((r) =>
        r.original_text?.includes(`leaving before the answer (${stream})`),
      );
      if (rows.length > 0) return rows[0];
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return undefined;
  }

  test('before the provider sends its headers: one row, 499', async () => {
    f.mock.enqueue({ latencyMs: 8_000 });
    const row = await leaveWhileWaiting(false);
    assert.equal(row?.http_status, 499);
    assert.ok((row?.latency_ms ?? Number.POSITIVE_INFINITY) < 8_000, `${row?.latency_ms} ms`);
  });

  test('a stream whose provider sent its headers and then nothing: one row, 499', async () => {
    f.mock.enqueue({ hangMs: 8_000 });
    const row = await leaveWhileWaiting(true);
    assert.equal(row?.http_status, 499);
    // Logged when the caller left, not when the provider's first event would have come: the
    // relay alone (decision 071) only noticed the caller then.
    assert.ok((row?.latency_ms ?? Number.POSITIVE_INFINITY) < 8_000, `${row?.latency_ms} ms`);
  });

  test('mid-stream, through each SDK, from a provider that went silent: its call is closed, one row, 499', async () => {
    // Node's fetch takes the npm undici's Agent, whose types differ from the bundled undici's.
    const dispatcher = { dispatcher: callers } as object;
    const sdk = { apiKey: f.gatewayKey, maxRetries: 0 };
    const openai = new OpenAI({ ...sdk, baseURL: `${f.server.url}/v1`, fetchOptions: dispatcher });
    const anthropic = new Anthropic({ ...sdk, baseURL: f.server.url, fetchOptions: dispatcher });
    const headers = { 'x-tokenwise-cache': 'bypass' };
    const model = 'openai/gpt-4o-mini';
    const content = (via: string) => `leaving mid-stream through ${via}`;
    /** Each SDK's stream, read up to its first text, then left. */
    const leave: Record<string, () => Promise<void>> = {
      chat: async () => {
        const messages = [{ role: 'user' as const, content: content('chat') }];
        const stream = await openai.chat.completions.create(
          { model, messages, stream: true },
          { headers },
        );
        for await (const chunk of stream) if (chunk.choices[0]?.delta.content) break;
      },
      messages: async () => {
        const messages = [{ role: 'user' as const, content: content('messages') }];
        const stream = await anthropic.messages.create(
          { model, max_tokens: 100, messages, stream: true },
          { headers },
        );
        for await (const event of stream) if (event.type === 'content_block_delta') break;
      },
      responses: async () => {
        const input = content('responses');
        const stream = await openai.responses.create({ model, input, stream: true }, { headers });
        for await (const event of stream) if (event.type === 'response.output_text.delta') break;
      },
    };
    for (const [via, readThenLeave] of Object.entries(leave)) {
      f.mock.reset();
      // Two events (the opening chunk and one word), then silence the provider never ends.
      f.mock.enqueue({ stallAfterChunks: 2, reply: 'one two three four' });
      await readThenLeave(); // breaking out of the loop aborts the SDK's request
      const call = f.mock.calls[0];
      while (!call?.abandoned) await new Promise((resolve) => setTimeout(resolve, 5));
      let row: LogRow | undefined;
      while (!row) row = (await f.logs()).find((r) => r.original_text?.includes(content(via)));
      assert.equal(row.http_status, 499, via);
      assert.equal(row.response_text, 'one', via);
    }
  });
});
