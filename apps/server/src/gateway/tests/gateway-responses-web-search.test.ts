import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import {
  AS_SENT,
  TIDE_CITATION as CITATION,
  outputText,
  TIDE_PAGE as PAGE,
  REFRESH,
  useCitationFixture,
} from './citation-fixture.ts';

const CLAUDE = 'claude-sonnet-4-5';
const GEMINI = 'gemini-2.5-flash';
const REPLY = 'High tide in London is at 14:05 today.';
const QUERIES = ['high tide London', 'London Bridge tide times'];
const LOCATION = { city: 'London', region: 'England', country: 'GB', timezone: 'Europe/London' };

type Item = OpenAI.Responses.ResponseOutputItem;
const searchCalls = (output: Item[]) =>
  output.filter(
    (o): o is OpenAI.Responses.ResponseFunctionWebSearch => o.type === 'web_search_call',
  );
const queriesOf = (output: Item[]) =>
  searchCalls(output).map((c) => (c.action as { query?: string }).query);

// Before (decision 185): the Responses API's web_search tool was a 400 for every model
// ("the gateway translates function tools only"), though Chat Completions callers could search.
describe('the Responses API web_search tool searches with Claude and Gemini (decision 185)', () => {
  const { f, sentBody } = useCitationFixture();

  const claudeSearching = () =>
    f.mock.enqueue(
      {
        reply: REPLY,
        citations: [CITATION],
        webSearch: { queries: QUERIES, results: [PAGE] },
        usage: { input: 2_000, output: 40 },
      },
      'anthropic',
    );
  const ask = (model: string, tool: Record<string, unknown> = { type: 'web_search' }) => ({
    model,
    input: 'When is high tide in London today?',
    tools: [tool as unknown as OpenAI.Responses.Tool],
  });

  /** A Responses stream read by the SDK: its final response and the types of its events, in order. */
  const streamed = async (question: ReturnType<typeof ask>) => {
    const stream = f.openai.responses.stream(question, AS_SENT);
    const types: string[] = [];
    stream.on('event', (e) => types.push(e.type));
    return { final: await stream.finalResponse(), types };
  };

  test('Claude: the web search server tool is sent; the output has a web_search_call per query and the cited message, whole and streamed', async () => {
    claudeSearching();
    const whole = await f.openai.responses.create(
      ask(CLAUDE, {
        type: 'web_search_preview',
        search_context_size: 'high',
        user_location: { type: 'approximate', ...LOCATION },
      }),
      AS_SENT,
    );
    assert.deepEqual(sentBody().tools, [
      {
        type: 'web_search_20250305',
        name: 'web_search',
        max_uses: 10,
        user_location: { type: 'approximate', ...LOCATION },
      },
    ]);
    assert.deepEqual(
      whole.output.map((o) => o.type),
      ['web_search_call', 'web_search_call', 'message'],
    );
    assert.deepEqual(queriesOf(whole.output), QUERIES, 'the queries Claude sent');
    for (const call of searchCalls(whole.output)) {
      assert.equal(call.status, 'completed');
      assert.match(call.id, /^ws_/);
      assert.equal(call.action.type, 'search');
    }
    const part = outputText(whole);
    assert.match(part.text, /14:05/);
    assert.equal((part.annotations[0] as { url?: string } | undefined)?.url, PAGE.url);

    claudeSearching();
    const { final, types } = await streamed(ask(CLAUDE));
    assert.deepEqual(queriesOf(final.output), QUERIES, 'streamed: the queries');
    assert.equal((outputText(final).annotations[0] as { url?: string } | undefined)?.url, PAGE.url);
    const search = [
      'response.output_item.added',
      'response.web_search_call.in_progress',
      'response.web_search_call.searching',
      'response.web_search_call.completed',
      'response.output_item.done',
    ];
    const searchEvents = types.filter((t) => t.includes('web_search_call') || t.includes('item'));
    assert.deepEqual(
      searchEvents.slice(0, 10),
      [...search, ...search],
      'each search is an item: added, in_progress, searching, completed, done',
    );
    assert.ok(
      types.indexOf('response.web_search_call.completed') <
        types.indexOf('response.output_text.delta'),
      'the searches come before the text',
    );
  });

  test('Gemini: googleSearch is sent; the output has a web_search_call per query and the grounded message, whole and streamed', async () => {
    const grounded = () =>
      f.mock.enqueue({
        reply: REPLY,
        grounding: { queries: QUERIES, pages: [PAGE], cites: [{ text: REPLY, pages: [0] }] },
        usage: { input: 2_000, output: 40 },
      });
    grounded();
    const whole = await f.openai.responses.create(ask(GEMINI), AS_SENT);
    assert.deepEqual(sentBody().tools, [{ googleSearch: {} }]);
    assert.deepEqual(queriesOf(whole.output), QUERIES, 'webSearchQueries');
    assert.equal(whole.output.at(-1)?.type, 'message', 'the message after the searches');
    assert.equal((outputText(whole).annotations[0] as { url?: string } | undefined)?.url, PAGE.url);

    grounded();
    const { final, types } = await streamed(ask(GEMINI));
    assert.deepEqual(queriesOf(final.output), QUERIES, 'streamed: the queries');
    assert.equal(
      types.filter((t) => t === 'response.web_search_call.completed').length,
      2,
      'streamed: one completed event per query',
    );
    assert.deepEqual(
      final.output.map((o) => o.type),
      ['message', 'web_search_call', 'web_search_call'],
      'streamed: Gemini names its searches at the end, after the text',
    );
    assert.equal((outputText(final).annotations[0] as { url?: string } | undefined)?.url, PAGE.url);
  });

  test('a query repeating the prompt’s redacted address reads the caller’s; a cached answer stored from a stream keeps its searches', async () => {
    const email = 'jane.doe@example.com';
    const question = {
      model: CLAUDE,
      input: `Who is ${email}?`,
      tools: [{ type: 'web_search' } as OpenAI.Responses.Tool],
    };
    const searched = () =>
      f.mock.enqueue(
        {
          reply: REPLY,
          citations: [CITATION],
          webSearch: { queries: ['owner of [EMAIL_REDACTED_1]'], results: [PAGE] },
        },
        'anthropic',
      );
    searched();
    const stored = await f.openai.responses.stream(question, REFRESH).finalResponse();
    assert.ok(!JSON.stringify(f.mock.calls.at(-1)?.body).includes(email), 'sanity: redacted');
    assert.deepEqual(queriesOf(stored.output), [`owner of ${email}`], 'restored, streamed');
    await f.server.app.gateway.cache.settled();
    const calls = f.mock.calls.length;
    const hit = await f.openai.responses.create(question);
    assert.deepEqual(queriesOf(hit.output), [`owner of ${email}`], 'hit, whole');
    const replayed = await f.openai.responses.stream(question).finalResponse();
    assert.deepEqual(queriesOf(replayed.output), [`owner of ${email}`], 'hit, replayed');
    assert.equal(f.mock.calls.length, calls, 'served from the cache');
  });

  test('Mistral, Groq and non-search OpenAI models are a 400; forcing the search is a 400; OpenAI search models get web_search_options', async () => {
    const calls = f.mock.calls.length;
    for (const model of ['mistral-small-latest', 'groq/llama-3.1-8b-instant', 'openai/gpt-4o']) {
      const err = await f.openai.responses.create(ask(model), AS_SENT).catch((e: unknown) => e);
      assert.ok(err instanceof OpenAI.BadRequestError, `${model}: ${String(err)}`);
      assert.equal(err.code, 'unsupported_parameter', model);
      assert.match(err.message, /Claude and Gemini/, model);
    }
    const forced = await f.openai.responses
      .create({ ...ask(CLAUDE), tool_choice: { type: 'web_search_preview' } }, AS_SENT)
      .catch((e: unknown) => e);
    assert.ok(forced instanceof OpenAI.BadRequestError, String(forced));
    assert.equal(forced.param, 'tool_choice');
    assert.equal(f.mock.calls.length, calls, 'no provider is asked');

    await f.openai.responses.create(
      ask('openai/gpt-4o-search-preview', { type: 'web_search', search_context_size: 'low' }),
      AS_SENT,
    );
    assert.deepEqual(sentBody().web_search_options, { search_context_size: 'low' });
    assert.equal(sentBody().tools, undefined, 'no tool for the built-in one');
  });
});
