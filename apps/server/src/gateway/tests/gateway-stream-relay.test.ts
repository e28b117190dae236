import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { costOf, countTokens, resolveModel } from '@tokenwise/pricing';
import { type GatewayFixture, uncachedChat } from './gateway-fixture.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const REPLY = 'one two three four five six seven eight nine ten';

/** The raw SSE text an OpenAI caller receives, with this request's id and time made neutral. */
async function rawStream(f: GatewayFixture, content: string): Promise<string> {
  const res = await fetch(
    `${f.server.url}/v1/chat/completions`,
    uncachedChat(f, {
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content }],
    }),
  );
  assert.equal(res.status, 200);
  const id = res.headers.get('x-request-id') ?? '';
  return (await res.text()).replaceAll(id, 'REQ').replace(/"created":\d+/g, '"created":0');
}

describe('streamed answers through the relay', () => {
  const f = useGatewayFixture();

  test('a provider that sends its whole answer in one burst and one that sends a word at a time give the caller the same bytes', async () => {
    f.mock.enqueue({ reply: REPLY });
    const burst = await rawStream(f, 'burst');
    f.mock.enqueue({ reply: REPLY, chunkDelayMs: 15 });
    const paced = await rawStream(f, 'paced');
    assert.equal(burst, paced);
    assert.match(burst, /"usage":\{"prompt_tokens":\d+/);
    assert.ok(burst.endsWith('data: [DONE]\n\n'));
  });

  test('a caller that goes away mid-stream: one row, 499, with the text relayed so far', async () => {
    f.mock.enqueue({ reply: REPLY, chunkDelayMs: 200 });
    const controller = new AbortController();
    const res = await fetch(`${f.server.url}/v1/chat/completions`, {
      ...uncachedChat(f, { stream: true, messages: [{ role: 'user', content: 'leaving early' }] }),
      signal: controller.signal,
    });
    const id = res.headers.get('x-request-id');
    const reader = res.body?.getReader();
    let seen = '';
    while (!seen.includes('one')) {
      const read = await reader?.read();
      if (!read || read.done) break;
      seen += new TextDecoder().decode(read.value);
    }
    controller.abort();
    let row: Awaited<ReturnType<GatewayFixture['logs']>>[number] | undefined;
    for (let i = 0; i < 50 && !row; i++) {
      row = (await f.logs()).find((r) => r.id === id);
      if (!row) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(row?.http_status, 499);
    assert.ok(row?.response_text?.startsWith('one'), row?.response_text ?? '');
    assert.ok(!row?.response_text?.includes('ten'), 'the rest was never relayed');
  });

  test('a caller that goes away mid-stream: the row counts the tokens the provider billed', async () => {
    f.mock.enqueue({ reply: REPLY, chunkDelayMs: 200 });
    const controller = new AbortController();
    const res = await fetch(`${f.server.url}/v1/chat/completions`, {
      ...uncachedChat(f, {
        stream: true,
        messages: [{ role: 'user', content: 'leaving early, after the first words' }],
      }),
      signal: controller.signal,
    });
    const id = res.headers.get('x-request-id');
    const reader = res.body?.getReader();
    let seen = '';
    while (!seen.includes('two')) {
      const read = await reader?.read();
      if (!read || read.done) break;
      seen += new TextDecoder().decode(read.value);
    }
    controller.abort();
    let row: Awaited<ReturnType<GatewayFixture['logs']>>[number] | undefined;
    for (let i = 0; i < 50 && !row; i++) {
      row = (await f.logs()).find((r) => r.id === id);
      if (!row) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(row);
    assert.equal(row.http_status, 499);
    // The provider read the whole prompt and wrote what was relayed before the gateway hung up:
    // both are on its bill, so they are on the row, and nothing is counted as saved.
    const model = resolveModel('openai/gpt-4o-mini');
    assert.ok(model);
    assert.ok(row.tokens_in > 0, `tokens_in ${row.tokens_in}`);
    assert.equal(row.tokens_out, countTokens(row.response_text ?? '', model));
    assert.ok(row.tokens_out > 0);
    const billed = costOf(model, { inputTokens: row.tokens_in, outputTokens: row.tokens_out });
    assert.ok(Math.abs(row.actual_cost - billed) < 1e-12, `actual_cost ${row.actual_cost}`);
    assert.equal(row.cost_saved, 0);
    assert.equal(row.tokens_saved, 0);
    const detail = await f.user.api('GET', `/v1/analytics/requests/${id}`);
    assert.equal(detail.body.actual_cost, row.actual_cost);
  });
});
