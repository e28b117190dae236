import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type OpenAI from 'openai';
import {
  AS_SENT,
  TIDE_CITATION as CITATION,
  type Json,
  outputText,
  TIDE_PAGE as PAGE,
  useCitationFixture,
} from './citation-fixture.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

const MODEL = 'claude-sonnet-4-5';
/** What Claude writes before it pauses, and (after the mock's lead-in) the cited reply after. */
const BEFORE = 'Let me look up the tide tables. ';
const LEAD_IN = 'According to the document, ';
const REPLY = 'High tide in London is at 14:05 today.';
const QUERIES = ['high tide London', 'London Bridge tide times'];

/** Claude searches and pauses its turn, having written BEFORE. */
const PAUSED = {
  reply: BEFORE,
  pauseTurn: true,
  webSearch: { queries: QUERIES, results: [PAGE] },
  usage: { input: 2_000, output: 30 },
};

type Usage = OpenAI.CompletionUsage & { server_tool_use?: { web_search_requests: number } };

// Before (decision 187): Claude's `pause_turn` (a long server-tool turn paused) read as `stop`:
// an OpenAI-format caller got the text written before the pause as the whole answer, and could not
// resume, since the search blocks Claude needs back are not in OpenAI's format.
describe('a paused Claude turn is continued by the gateway for OpenAI-format callers (decision 187)', () => {
  const { f } = useCitationFixture();

  const pause = () => f.mock.enqueue(PAUSED, 'anthropic');
  /** Claude pauses, then (sent its paused content back) answers with a citation. */
  const pausing = (pauses = 1) => {
    for (let i = 0; i < pauses; i++) pause();
    f.mock.enqueue(
      { reply: REPLY, citations: [CITATION], usage: { input: 2_500, output: 40 } },
      'anthropic',
    );
  };

  const question = {
    model: MODEL,
    messages: [{ role: 'user' as const, content: 'When is high tide in London today?' }],
    web_search_options: {},
  } as OpenAI.ChatCompletionCreateParamsNonStreaming;

  /** The paused answer's content went back unchanged as the last (assistant) message. */
  const expectContinued = (label: string) => {
    const calls = f.mock.calls.filter((c) => c.provider === 'anthropic');
    assert.equal(calls.length, 2, `${label}: the first call and one continuation`);
    const [first, second] = calls.map((c) => c.body as { messages: Json[] });
    const last = second?.messages.at(-1);
    assert.equal(last?.role, 'assistant', `${label}: the paused turn is the last message`);
    const content = (last?.content ?? []) as Json[];
    assert.deepEqual(
      content.map((b) => b.type),
      [
        'text',
        'server_tool_use',
        'web_search_tool_result',
        'server_tool_use',
        'web_search_tool_result',
      ],
    );
    assert.equal(content[0]?.text, BEFORE);
    assert.deepEqual(
      second?.messages.slice(0, -1),
      first?.messages,
      `${label}: the same request before it`,
    );
  };

  test('Chat Completions: one whole answer, finish_reason stop, usage summed, citation offsets shifted, one log row', async () => {
    pausing();
    const logged = (await f.logs()).length;
    const whole = await f.openai.chat.completions.create(question, AS_SENT);
    expectContinued('chat');
    const message = whole.choices[0]?.message;
    assert.equal(message?.content, `${BEFORE}${LEAD_IN}${REPLY}`);
    assert.equal(whole.choices[0]?.finish_reason, 'stop');
    const cited = message?.annotations?.[0]?.url_citation;
    assert.equal(cited?.url, PAGE.url);
    assert.equal(cited?.start_index, BEFORE.length + LEAD_IN.length, 'shifted by the text before');
    assert.equal(cited?.end_index, BEFORE.length + LEAD_IN.length + REPLY.length);
    const usage = whole.usage as Usage;
    assert.equal(usage.prompt_tokens, 4_500, 'both calls read the prompt');
    assert.equal(usage.completion_tokens, 70);
    assert.equal(usage.server_tool_use?.web_search_requests, 2);

    const rows = await f.logs();
    assert.equal(rows.length, logged + 1, 'one request');
    assert.equal(rows[0]?.tokens_in, 4_500);
    assert.equal(rows[0]?.tokens_out, 70);
    assert.equal(JSON.parse(rows[0]?.details ?? '{}').web_searches, 2);
  });

  test('Responses: the continued answer is one completed response with both searches', async () => {
    pausing();
    const logged = (await f.logs()).length;
    const whole = await f.openai.responses.create(
      {
        model: MODEL,
        input: 'When is high tide in London today?',
        tools: [{ type: 'web_search' } as unknown as OpenAI.Responses.Tool],
      },
      AS_SENT,
    );
    expectContinued('responses');
    assert.equal(whole.status, 'completed');
    const part = outputText(whole);
    assert.equal(part.text, `${BEFORE}${LEAD_IN}${REPLY}`);
    const cited = part.annotations[0] as { start_index?: number } | undefined;
    assert.equal(cited?.start_index, BEFORE.length + LEAD_IN.length);
    assert.equal(whole.usage?.input_tokens, 4_500);
    assert.equal((await f.logs()).length, logged + 1, 'one request');
  });

  test('still paused after three continuations: the answer so far, finish_reason length, not stop', async () => {
    pausing(5);
    const whole = await f.openai.chat.completions.create(question, AS_SENT);
    assert.equal(f.mock.calls.length, 4, 'the first call and three continuations');
    assert.equal(whole.choices[0]?.finish_reason, 'length');
    assert.equal(whole.choices[0]?.message.content, BEFORE.repeat(4));
    assert.equal((whole.usage as Usage).server_tool_use?.web_search_requests, 8);
  });

  test("the caller's max_tokens bounds the whole turn: a continuation asks only for what is left", async () => {
    pausing();
    await f.openai.chat.completions.create({ ...question, max_tokens: 100 }, AS_SENT);
    const asked = f.mock.calls.map((c) => (c.body as { max_tokens?: number }).max_tokens);
    assert.deepEqual(asked, [100, 70], 'the paused call wrote 30 of the 100');

    f.mock.reset();
    pausing();
    const cut = await f.openai.chat.completions.create({ ...question, max_tokens: 30 }, AS_SENT);
    assert.equal(f.mock.calls.length, 1, 'nothing left to continue with');
    assert.equal(cut.choices[0]?.finish_reason, 'length');
    assert.equal(cut.choices[0]?.message.content, BEFORE);
  });

  test('a continuation the provider refuses leaves the paused answer, cut (length), billed as made', async () => {
    pause();
    f.mock.enqueue({ status: 400, errorMessage: 'messages: bad continuation' }, 'anthropic');
    const whole = await f.openai.chat.completions.create(question, AS_SENT);
    assert.equal(f.mock.calls.length, 2);
    assert.equal(whole.choices[0]?.message.content, BEFORE);
    assert.equal(whole.choices[0]?.finish_reason, 'length');
    const [row] = await f.logs();
    assert.equal(row?.http_status, 200);
    assert.equal(row?.tokens_in, 2_000, 'the call that answered');
  });

  test('a turn left cut is not cached; the same question answered whole is', async () => {
    const cached = { headers: { 'x-tokenwise-optimization-level': 'off' } };
    const asked = {
      ...question,
      messages: [{ role: 'user' as const, content: 'When is high tide in Whitby tomorrow?' }],
    };
    const ask = async () => {
      const before = f.mock.calls.length;
      const answer = await f.openai.chat.completions.create(asked, cached);
      await f.server.app.gateway.cache.settled();
      return { answer, calls: f.mock.calls.length - before };
    };
    pausing(5);
    const cut = await ask();
    assert.equal(cut.answer.choices[0]?.finish_reason, 'length');
    assert.equal(cut.calls, 4);

    pausing();
    const whole = await ask();
    assert.equal(whole.calls, 2, 'the cut answer was not stored: the provider is asked again');
    assert.equal(whole.answer.choices[0]?.finish_reason, 'stop');

    const again = await ask();
    assert.equal(again.calls, 0, 'the whole answer was stored and serves the same question');
    assert.equal(again.answer.choices[0]?.message.content, `${BEFORE}${LEAD_IN}${REPLY}`);
  });

  test('a stream that pauses ends with finish_reason length, not stop', async () => {
    f.mock.enqueue(
      { reply: BEFORE, pauseTurn: true, webSearch: { queries: QUERIES, results: [PAGE] } },
      'anthropic',
    );
    const stream = await f.openai.chat.completions.create(
      { ...question, stream: true } as OpenAI.ChatCompletionCreateParamsStreaming,
      AS_SENT,
    );
    let finish: string | null | undefined;
    let text = '';
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    assert.equal(text, BEFORE);
    assert.equal(finish, 'length');
  });
});

describe('the continuations share the request deadline (decisions 133, 187)', () => {
  /** The whole request's budget; the first call answers at once, well inside it. */
  const TIMEOUT_MS = 4_000;
  /** Far past the deadline: only the gateway's deadline can end the continuation. */
  const NEVER_MS = 30_000;
  const f = useGatewayFixture({
    UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    UPSTREAM_MAX_RETRIES: '0',
  });
  beforeEach(() => f.mock.reset());

  test('a continuation still unanswered at the deadline leaves the answer so far, cut (length)', async () => {
    f.mock.enqueue(PAUSED, 'anthropic');
    f.mock.enqueue({ reply: REPLY, hangMs: NEVER_MS }, 'anthropic');
    const started = Date.now();
    const whole = await f.openai.chat.completions.create(
      {
        model: MODEL,
        messages: [{ role: 'user', content: 'When is high tide in Oban today?' }],
        web_search_options: {},
      } as OpenAI.ChatCompletionCreateParamsNonStreaming,
      AS_SENT,
    );
    const waited = Date.now() - started;
    assert.equal(f.mock.calls.length, 2, 'the first call and the continuation that hung');
    assert.equal(whole.choices[0]?.message.content, BEFORE);
    assert.equal(whole.choices[0]?.finish_reason, 'length');
    assert.ok(waited < NEVER_MS / 2, `ended by the deadline, not the provider: ${waited} ms`);
  });
});
