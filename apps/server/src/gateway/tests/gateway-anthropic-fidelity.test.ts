import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import type Anthropic from '@anthropic-ai/sdk';
import { betaZodOutputFormat } from '@anthropic-ai/sdk/helpers/beta/zod';
import { costOf, resolveModel } from '@tokenwise/pricing';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { useGatewayFixture } from './use-gateway-fixture.ts';

type Json = Record<string, unknown>;

const MODEL = 'claude-sonnet-4-5';
const ephemeral = { type: 'ephemeral' as const };
/** Compression and the semantic cache off, so what arrives upstream can be compared exactly. */
const AS_SENT = {
  headers: { 'x-tokenwise-optimization-level': 'off', 'x-tokenwise-cache': 'bypass' },
};

/** Claude citing the whole of a one-line annual report (the mock answers with it when asked). */
const REPORT_CITATION = {
  type: 'char_location',
  cited_text: 'Revenue grew 10% in 2025.',
  document_index: 0,
  document_title: 'Annual report',
  start_char_index: 0,
  end_char_index: 25,
};

const lookupTool: Anthropic.Tool = {
  name: 'lookup_order',
  description: 'Finds an order by id',
  input_schema: { type: 'object', properties: { id: { type: 'string' } } },
};

describe('Anthropic-only features through the gateway, with @anthropic-ai/sdk', () => {
  const f = useGatewayFixture();
  const upstreamBody = () => {
    const call = f.mock.calls.filter((c) => c.provider === 'anthropic').at(-1);
    assert.ok(call, 'the request reached the Anthropic mock');
    return call.body as Json;
  };

  beforeEach(() => f.mock.reset());

  /** An OpenAI caller's question to Claude with these fields (reasoning_effort…), as Claude got it. */
  const askWithEffort = async (fields: Json, model = `anthropic/${MODEL}`) => {
    f.mock.enqueue({ thinking: 'Two and two make four.', reply: 'Four.' });
    const answer = await f.openai.chat.completions.create(
      {
        model,
        messages: [{ role: 'user', content: `What is 2 + 2? ${JSON.stringify(fields)}` }],
        ...fields,
      } as never,
      AS_SENT,
    );
    const body = upstreamBody();
    return { answer, thinking: body.thinking, maxTokens: body.max_tokens, body };
  };

  test('cache_control on system blocks, message blocks and tools arrives upstream unchanged', async () => {
    const system: Anthropic.TextBlockParam[] = [
      { type: 'text', text: 'You answer questions about the shop.' },
      { type: 'text', text: 'Policy: refunds within 30 days.', cache_control: ephemeral },
    ];
    const tools: Anthropic.Tool[] = [{ ...lookupTool, cache_control: ephemeral }];
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: [{ type: 'text', text: 'Hello there.' }] },
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'Hi! How can I help?', cache_control: ephemeral }],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Here is my long order history.' },
          {
            type: 'text',
            text: 'Can I still return order A1?',
            cache_control: { type: 'ephemeral', ttl: '1h' },
          },
        ],
      },
    ];
    await f.anthropic.messages.create(
      { model: MODEL, max_tokens: 200, system, tools, messages },
      AS_SENT,
    );
    const body = upstreamBody();
    assert.deepEqual(body.system, system);
    assert.deepEqual(body.tools, tools);
    assert.deepEqual(body.messages, messages);
  });

  test('thinking config, top_k, metadata, service_tier and stop_sequences arrive; the stop sequence comes back', async () => {
    f.mock.enqueue({ reply: 'one, two', stopSequence: 'three' }, 'anthropic');
    const msg = await f.anthropic.messages.create(
      {
        model: MODEL,
        max_tokens: 4000,
        thinking: { type: 'enabled', budget_tokens: 2048 },
        metadata: { user_id: 'customer-42' },
        service_tier: 'standard_only',
        stop_sequences: ['three'],
        messages: [{ role: 'user', content: 'Count to five.' }],
      },
      AS_SENT,
    );
    const body = upstreamBody();
    assert.deepEqual(body.thinking, { type: 'enabled', budget_tokens: 2048 });
    assert.deepEqual(body.metadata, { user_id: 'customer-42' });
    assert.equal(body.service_tier, 'standard_only');
    assert.deepEqual(body.stop_sequences, ['three']);
    assert.equal(msg.stop_reason, 'stop_sequence');
    assert.equal(msg.stop_sequence, 'three');
    // Claude refuses top_k beside thinking (so does the mock since decision 141): on its own.
    await f.anthropic.messages.create(
      { model: MODEL, max_tokens: 100, top_k: 20, messages: [{ role: 'user', content: 'Six?' }] },
      AS_SENT,
    );
    assert.equal(upstreamBody().top_k, 20);
  });

  test('a thinking answer with cache usage comes back intact; the log counts every input token', async () => {
    const thinking = 'The user wants a haiku. Five, seven, five syllables.';
    f.mock.enqueue(
      { thinking, usage: { input: 15, output: 30 }, cacheTokens: { read: 1200 } },
      'anthropic',
    );
    const msg = await f.anthropic.messages.create({
      model: MODEL,
      max_tokens: 4000,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      messages: [{ role: 'user', content: 'Write a haiku about prompt caches.' }],
    });
    const [first, second] = msg.content;
    assert.equal(first?.type, 'thinking');
    assert.equal(first?.type === 'thinking' && first.thinking, thinking);
    assert.ok(first?.type === 'thinking' && first.signature.length > 20, 'signature kept');
    assert.equal(second?.type, 'text');
    assert.equal(msg.usage.input_tokens, 15);
    assert.equal(msg.usage.cache_read_input_tokens, 1200);
    assert.equal(msg.usage.cache_creation_input_tokens, 0);
    assert.equal(msg.usage.output_tokens, 30);
    const [row] = await f.logs();
    assert.equal(row?.tokens_in, 1215, 'cache reads are input tokens too');
    assert.equal(row?.tokens_out, 30);
    // Cache reads are billed at the model's cache-read rate, not as fresh input.
    const model = resolveModel(MODEL);
    assert.ok(model);
    const atCacheRate = costOf(model, {
      inputTokens: 1215,
      outputTokens: 30,
      cacheReadTokens: 1200,
    });
    const atInputRate = costOf(model, { inputTokens: 1215, outputTokens: 30 });
    assert.ok(atCacheRate < atInputRate);
    assert.ok(Math.abs((row?.actual_cost ?? 0) - atCacheRate) < 1e-12, `cost ${row?.actual_cost}`);
  });

  test('streaming: thinking and signature deltas assemble into the final message, cache writes in usage', async () => {
    const thinking = 'Whales sing; keep it short.';
    f.mock.enqueue(
      { thinking, usage: { input: 8, output: 20 }, cacheTokens: { write: 900 } },
      'anthropic',
    );
    const stream = f.anthropic.messages.stream({
      model: MODEL,
      max_tokens: 4000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [{ role: 'user', content: 'Tell me about whale song.' }],
    });
    let streamedThinking = '';
    let signature = '';
    stream.on('thinking', (delta) => {
      streamedThinking += delta;
    });
    stream.on('signature', (s) => {
      signature = s;
    });
    const final = await stream.finalMessage();
    const [first, second] = final.content;
    assert.deepEqual(first, { type: 'thinking', thinking, signature });
    assert.ok(signature.length > 20);
    assert.equal(streamedThinking, thinking);
    assert.match(second?.type === 'text' ? second.text : '', /whale song/);
    assert.equal(final.usage.input_tokens, 8);
    assert.equal(final.usage.cache_creation_input_tokens, 900);
    assert.equal(final.usage.cache_read_input_tokens, 0);
    assert.equal(final.usage.output_tokens, 20);
  });

  test('tool use with thinking: the next turn sends the thinking block back with its signature, through PII redaction and compression', async () => {
    // Default settings: PII redaction and balanced compression on. The thinking mentions an
    // email, which redaction would replace if it touched thinking blocks; the mock (like Claude)
    // refuses a block whose text no longer matches its signature.
    const thinking = 'The customer is jane.doe@example.com. I should look up order A1 first.';
    f.mock.enqueue(
      { thinking, toolCall: { name: 'lookup_order', arguments: { id: 'A1' } } },
      'anthropic',
    );
    const question: Anthropic.MessageParam = {
      role: 'user',
      content: 'I am jane.doe@example.com, where is my order A1? It has been a very long wait.',
    };
    const params = {
      model: MODEL,
      max_tokens: 4000,
      thinking: { type: 'enabled' as const, budget_tokens: 2048 },
      tools: [lookupTool],
    };
    const first = await f.anthropic.messages.create({ ...params, messages: [question] });
    assert.equal(first.stop_reason, 'tool_use');
    const toolUse = first.content.find((b) => b.type === 'tool_use');
    assert.ok(toolUse?.type === 'tool_use');
    assert.equal(first.content[0]?.type, 'thinking');

    const second = await f.anthropic.messages.create({
      ...params,
      messages: [
        question,
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: toolUse.id, content: 'shipped', is_error: false },
          ],
        },
      ],
    });
    assert.equal(second.type, 'message');
    const sentBack = (upstreamBody().messages as { content: Json[] }[])[1]?.content;
    assert.deepEqual(sentBack?.[0], first.content[0], 'thinking block unchanged, signature kept');
    assert.equal(sentBack?.[1]?.type, 'tool_use');
    const lastTurn = (upstreamBody().messages as { content: Json[] }[])[2]?.content;
    assert.equal(lastTurn?.[0]?.is_error, false);
  });

  test('is_error on a tool_result arrives upstream', async () => {
    await f.anthropic.messages.create(
      {
        model: MODEL,
        max_tokens: 100,
        tools: [lookupTool],
        messages: [
          { role: 'user', content: 'Where is order B2?' },
          {
            role: 'assistant',
            content: [
              { type: 'tool_use', id: 'toolu_b2', name: 'lookup_order', input: { id: 'B2' } },
            ],
          },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: 'toolu_b2',
                content: 'order service unavailable',
                is_error: true,
              },
            ],
          },
        ],
      },
      AS_SENT,
    );
    const [, , turn] = upstreamBody().messages as { content: Json[] }[];
    assert.deepEqual(turn?.content, [
      {
        type: 'tool_result',
        tool_use_id: 'toolu_b2',
        content: 'order service unavailable',
        is_error: true,
      },
    ]);
  });

  test('a thinking answer served again from the semantic cache keeps its thinking block', async () => {
    const thinking = 'Capital cities: Paris.';
    f.mock.enqueue({ thinking }, 'anthropic');
    const params = {
      model: MODEL,
      max_tokens: 4000,
      thinking: { type: 'enabled' as const, budget_tokens: 1024 },
      messages: [{ role: 'user' as const, content: 'What is the capital of France, in one word?' }],
    };
    const fresh = await f.anthropic.messages.create(params).withResponse();
    const again = await f.anthropic.messages.create(params).withResponse();
    assert.equal(fresh.response.headers.get('x-cache'), 'MISS');
    assert.equal(again.response.headers.get('x-cache'), 'HIT');
    assert.equal(f.mock.callCount('anthropic'), 1);
    assert.deepEqual(again.data.content, fresh.data.content);
    assert.equal(again.data.content[0]?.type, 'thinking');
  });

  // Before: a cited answer came back from the cache as its joined text, its citations gone
  // (decision 143: stored and replayed whole, as Portkey and LiteLLM replay a stored answer).
  test('a cited answer served again from the cache keeps its citations, plain and streamed', async () => {
    const citation = REPORT_CITATION;
    const cited = [
      { type: 'text', text: 'According to the document, ' },
      { type: 'text', text: 'Revenue grew by a tenth.', citations: [citation] },
    ];
    const params = (question: string) => ({
      model: MODEL,
      max_tokens: 200,
      messages: [
        {
          role: 'user' as const,
          content: [
            {
              type: 'document' as const,
              source: {
                type: 'text' as const,
                media_type: 'text/plain' as const,
                data: 'Revenue grew 10% in 2025.',
              },
              title: 'Annual report',
              citations: { enabled: true },
            },
            { type: 'text' as const, text: question },
          ],
        },
      ],
    });
    for (const [stored, replayed] of [
      ['plain', 'plain'],
      ['stream', 'stream'],
      ['plain', 'stream'],
      ['stream', 'plain'],
    ] as const) {
      const asked = params(`How did revenue do? (${stored} then ${replayed})`);
      // The first ask of each pair skips the lookup (the pairs' questions are near each other)
      // and stores its answer.
      const ask = async (how: 'plain' | 'stream', fresh = false) => {
        const options = fresh ? { headers: { 'x-tokenwise-cache': 'refresh' } } : {};
        const { data, response } =
          how === 'plain'
            ? await f.anthropic.messages.create(asked, options).withResponse()
            : {
                data: await f.anthropic.messages.stream(asked, options).finalMessage(),
                response: undefined,
              };
        return { content: data.content, cache: response?.headers.get('x-cache') };
      };
      f.mock.enqueue({ reply: 'Revenue grew by a tenth.', citations: [citation] }, 'anthropic');
      const fresh = await ask(stored, true);
      assert.deepEqual(fresh.content, cited, `${stored}: from Claude`);
      await f.server.app.gateway.cache.settled();
      const again = await ask(replayed);
      assert.equal(f.mock.callCount('anthropic'), 1, `${stored} then ${replayed}: from the cache`);
      assert.deepEqual(again.content, cited, `${stored} then ${replayed}`);
      f.mock.reset();
    }

    // The same words with citations off are another question: not served the cited answer.
    const uncited = params('How did revenue do? (plain then plain)');
    const doc = uncited.messages[0]?.content[0] as { citations: unknown };
    doc.citations = { enabled: false };
    f.mock.enqueue({ reply: 'It grew.' }, 'anthropic');
    const { data, response } = await f.anthropic.messages.create(uncited).withResponse();
    assert.equal(response.headers.get('x-cache'), 'MISS');
    assert.deepEqual(data.content, [{ type: 'text', text: 'It grew.' }]);
  });

  test('to another provider, Anthropic-only fields are left out of the upstream request', async () => {
    await f.anthropic.messages.create(
      {
        model: 'openai/gpt-4o-mini',
        max_tokens: 100,
        top_k: 5,
        thinking: { type: 'enabled', budget_tokens: 1024 },
        system: [{ type: 'text', text: 'Be brief.', cache_control: ephemeral }],
        tools: [{ ...lookupTool, cache_control: ephemeral }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: ephemeral }] },
        ],
      },
      AS_SENT,
    );
    const call = f.mock.calls.filter((c) => c.provider === 'openai').at(-1);
    const sent = JSON.stringify(call?.body);
    for (const field of ['cache_control', 'top_k', 'thinking']) {
      assert.ok(!sent.includes(field), `${field} is not sent to OpenAI`);
    }
    assert.equal(call?.parsed?.system, 'Be brief.');
  });

  // Before: output_format (the SDK's `beta.messages.parse`) was dropped on the way, and an OpenAI
  // caller's json_schema never reached Claude, so Claude wrote prose and `parse` failed on it.
  test('structured output: output_format and a json_schema response_format reach Claude as output_format', async () => {
    const person = z.object({ name: z.string(), age: z.number() });
    const reply = JSON.stringify({ name: 'Ada', age: 36 });
    const structuredBeta = 'structured-outputs-2025-11-13';
    const claudeCall = () => f.mock.calls.filter((c) => c.provider === 'anthropic').at(-1);

    f.mock.enqueue({ reply });
    const parsed = await f.anthropic.beta.messages.parse(
      {
        model: MODEL,
        max_tokens: 200,
        messages: [{ role: 'user', content: 'Who wrote the first program?' }],
        output_format: betaZodOutputFormat(person),
      },
      AS_SENT,
    );
    assert.deepEqual(parsed.parsed_output, { name: 'Ada', age: 36 });
    const sent = upstreamBody().output_format as { type?: string; schema?: Json } | undefined;
    assert.equal(sent?.type, 'json_schema');
    assert.deepEqual(Object.keys(sent?.schema?.properties ?? {}), ['name', 'age']);
    assert.match(claudeCall()?.headers['anthropic-beta'] ?? '', new RegExp(structuredBeta));

    // The OpenAI SDK's parse against Claude: the schema goes as output_format, with its beta.
    f.mock.enqueue({ reply });
    const chat = await f.openai.chat.completions.parse(
      {
        model: `anthropic/${MODEL}`,
        messages: [{ role: 'user', content: 'And who was she?' }],
        response_format: zodResponseFormat(person, 'person'),
      },
      AS_SENT,
    );
    assert.deepEqual(chat.choices[0]?.message.parsed, { name: 'Ada', age: 36 });
    const fromOpenAi = upstreamBody().output_format as { type?: string; schema?: Json } | undefined;
    assert.equal(fromOpenAi?.type, 'json_schema');
    assert.deepEqual(fromOpenAi?.schema?.required, ['name', 'age']);
    assert.equal(claudeCall()?.headers['anthropic-beta'], structuredBeta);

    // Claude 3 models have no structured outputs: the schema is not sent to be refused.
    await f.openai.chat.completions.create(
      {
        model: 'anthropic/claude-3-5-haiku-latest',
        messages: [{ role: 'user', content: 'An older model' }],
        response_format: zodResponseFormat(person, 'person'),
      },
      AS_SENT,
    );
    assert.equal(upstreamBody().output_format, undefined);
    assert.equal(claudeCall()?.headers['anthropic-beta'], undefined);

    // To another provider, output_format is the OpenAI-format json_schema.
    f.mock.enqueue({ reply });
    const gpt = await f.anthropic.beta.messages.parse(
      {
        model: 'openai/gpt-4o-mini',
        max_tokens: 200,
        messages: [{ role: 'user', content: 'Who wrote the first program, in JSON?' }],
        output_format: betaZodOutputFormat(person),
      },
      AS_SENT,
    );
    assert.deepEqual(gpt.parsed_output, { name: 'Ada', age: 36 });
    const openAiCall = f.mock.calls.filter((c) => c.provider === 'openai').at(-1);
    const format = ((openAiCall?.body ?? {}) as Json).response_format as Json | undefined;
    assert.equal(format?.type, 'json_schema');
    const jsonSchema = format?.json_schema as { schema?: Json } | undefined;
    assert.deepEqual(Object.keys(jsonSchema?.schema?.properties ?? {}), ['name', 'age']);
  });

  // Before: reasoning_effort was dropped on the way to Claude, so an OpenAI caller asking a Claude
  // model to reason got no extended thinking at all (decision 141).
  test("reasoning_effort from an OpenAI caller turns on Claude's extended thinking, its budget below max_tokens", async () => {
    const ask = askWithEffort;

    // LiteLLM's budgets; Claude's least is 1024, so minimal and low share it. With no max_tokens
    // given, the answer keeps the gateway's default room beside the budget.
    const low = await ask({ reasoning_effort: 'low' });
    assert.deepEqual(low.thinking, { type: 'enabled', budget_tokens: 1024 });
    assert.equal(low.maxTokens, 1024 + 4096);
    const message = low.answer.choices[0]?.message as unknown as Json;
    assert.equal(message.content, 'Four.');
    assert.equal((message.thinking_blocks as Json[] | undefined)?.[0]?.type, 'thinking');
    assert.deepEqual((await ask({ reasoning_effort: 'minimal' })).thinking, {
      type: 'enabled',
      budget_tokens: 1024,
    });
    assert.deepEqual((await ask({ reasoning_effort: 'medium' })).thinking, {
      type: 'enabled',
      budget_tokens: 2048,
    });

    // The caller's max_tokens stays the ceiling (OpenAI counts reasoning in it too): the budget
    // shrinks below it, and a ceiling with no room for Claude's least budget thinks not at all.
    const capped = await ask({ reasoning_effort: 'high', max_completion_tokens: 3000 });
    assert.deepEqual(
      [capped.thinking, capped.maxTokens],
      [{ type: 'enabled', budget_tokens: 2999 }, 3000],
    );
    const tight = await ask({ reasoning_effort: 'high', max_tokens: 800 });
    assert.deepEqual([tight.thinking, tight.maxTokens], [undefined, 800]);

    // Claude thinks only at temperature 1 and without top_k: OpenAI's reasoning models take no
    // sampling either, so they are left out rather than the thinking.
    const warm = await ask({ reasoning_effort: 'medium', temperature: 0.2, top_p: 0.5 });
    assert.equal((warm.thinking as Json | undefined)?.type, 'enabled');
    assert.deepEqual([warm.body.temperature, warm.body.top_p], [undefined, undefined]);

    // Where Claude cannot think: a forced tool, a model without extended thinking, effort none.
    const tools = [{ type: 'function', function: { name: 'add', parameters: { type: 'object' } } }];
    const forced = await ask({ reasoning_effort: 'low', tools, tool_choice: 'required' });
    assert.equal(forced.thinking, undefined);
    const old = await ask({ reasoning_effort: 'low' }, 'anthropic/claude-3-5-haiku-latest');
    assert.equal(old.thinking, undefined);
    assert.equal((await ask({ reasoning_effort: 'none' })).thinking, undefined);

    // The Responses API's reasoning.effort takes the same way.
    f.mock.enqueue({ thinking: 'Hmm.', reply: 'Four.' });
    await f.openai.responses.create(
      { model: `anthropic/${MODEL}`, input: 'What is 2 + 2?', reasoning: { effort: 'high' } },
      AS_SENT,
    );
    assert.deepEqual(upstreamBody().thinking, { type: 'enabled', budget_tokens: 4096 });
  });

  // Before: xhigh and max were dropped without a word (no thinking), an unknown effort too, and
  // Opus 4.7 and Claude 5, which think only adaptively, were sent a budget they refuse with a 400
  // (decision 143).
  test('reasoning_effort xhigh and max think harder, Claude 4.6 and later think adaptively, and an unknown effort is a 400', async () => {
    const ask = async (fields: Json, model = `anthropic/${MODEL}`) => {
      const { answer, thinking, maxTokens, body } = await askWithEffort(fields, model);
      assert.equal(answer.choices[0]?.message.content, 'Four.');
      return { thinking, maxTokens, config: body.output_config };
    };

    // Budget models: xhigh and max double up from high's 4096.
    const xhigh = await ask({ reasoning_effort: 'xhigh' });
    assert.deepEqual(
      [xhigh.thinking, xhigh.maxTokens],
      [{ type: 'enabled', budget_tokens: 8192 }, 8192 + 4096],
    );
    const max = await ask({ reasoning_effort: 'max' });
    assert.deepEqual(max.thinking, { type: 'enabled', budget_tokens: 16384 });

    // Adaptive models: Anthropic's effort words; the mock refuses a budget to 4.7 and Claude 5,
    // and xhigh before 4.7.
    for (const [model, effort, sent] of [
      ['claude-opus-4-7', 'xhigh', 'xhigh'],
      ['claude-opus-5', 'max', 'max'],
      ['claude-sonnet-5', 'minimal', 'low'],
      ['claude-sonnet-4-6', 'xhigh', 'high'],
      ['claude-opus-4-6', 'medium', 'medium'],
    ] as const) {
      const adaptive = await ask({ reasoning_effort: effort }, `anthropic/${model}`);
      assert.deepEqual(adaptive.thinking, { type: 'adaptive' }, model);
      assert.deepEqual(adaptive.config, { effort: sent }, model);
      assert.ok(Number(adaptive.maxTokens) > 4096, `${model}: room to think`);
    }
    const capped = await ask(
      { reasoning_effort: 'high', max_completion_tokens: 3000 },
      'anthropic/claude-opus-4-7',
    );
    assert.deepEqual([capped.thinking, capped.maxTokens], [{ type: 'adaptive' }, 3000]);
    assert.equal(
      (await ask({ reasoning_effort: 'none' }, 'anthropic/claude-opus-5')).thinking,
      undefined,
    );

    // An effort the gateway does not know: OpenAI's 400, naming the field and the known values.
    for (const effort of ['extreme', 3]) {
      const before = f.mock.callCount();
      const err = await f.openai.chat.completions
        .create(
          {
            model: `anthropic/${MODEL}`,
            messages: [{ role: 'user', content: 'What is 2 + 2?' }],
            reasoning_effort: effort,
          } as never,
          AS_SENT,
        )
        .catch((e: unknown) => e);
      assert.ok(err instanceof OpenAI.BadRequestError, String(err));
      assert.equal(err.type, 'invalid_request_error');
      assert.equal(err.param, 'reasoning_effort');
      assert.match(err.message, /Invalid value for 'reasoning_effort'.*'xhigh', 'max'/);
      assert.equal(f.mock.callCount(), before, 'nothing reached Claude');
    }
  });

  // Before: json_object sent Claude nothing (its structured outputs need a schema), nor did a
  // json_schema to a model without structured outputs: Claude answered in prose (decision 141).
  test('json_object, and a json_schema Claude cannot take, become an instruction to answer in JSON only', async () => {
    f.mock.enqueue({ reply: '{"answer": 4}' });
    const answer = await f.openai.chat.completions.create(
      {
        model: `anthropic/${MODEL}`,
        messages: [
          { role: 'system', content: 'You are a calculator.' },
          { role: 'user', content: 'What is 2 + 2, as JSON?' },
        ],
        response_format: { type: 'json_object' },
      },
      AS_SENT,
    );
    assert.equal(answer.choices[0]?.message.content, '{"answer": 4}');
    const body = upstreamBody();
    assert.equal(body.output_format, undefined);
    assert.match(String(body.system), /^You are a calculator\.\n\n/);
    assert.match(String(body.system), /JSON object/);

    // A system prompt in blocks (a cache breakpoint) keeps its blocks; the instruction comes last.
    await f.openai.chat.completions.create(
      {
        model: `anthropic/${MODEL}`,
        messages: [
          {
            role: 'system',
            content: [{ type: 'text', text: 'Shop rules.', cache_control: ephemeral }],
          } as never,
          { role: 'user', content: 'Hello, as JSON' },
        ],
        response_format: { type: 'json_object' },
      },
      AS_SENT,
    );
    const blocks = upstreamBody().system as Json[];
    assert.deepEqual(blocks[0], { type: 'text', text: 'Shop rules.', cache_control: ephemeral });
    assert.match(String(blocks[1]?.text), /JSON object/);
    const person = z.object({ name: z.string(), age: z.number() });
    await f.openai.chat.completions.create(
      {
        model: 'anthropic/claude-3-5-haiku-latest',
        messages: [
          { role: 'system', content: [{ type: 'text', text: 'Be exact.' }] },
          { role: 'user', content: 'Who wrote the first program?' },
        ],
        response_format: zodResponseFormat(person, 'person'),
      },
      AS_SENT,
    );
    const old = upstreamBody();
    assert.equal(old.output_format, undefined);
    assert.match(String(old.system), /JSON object/);
    assert.match(String(old.system), /"age"/, 'the schema is in the instruction');

    // Claude with structured outputs gets the schema itself, and no instruction.
    f.mock.enqueue({ reply: '{"name":"Ada","age":36}' });
    await f.openai.chat.completions.parse(
      {
        model: `anthropic/${MODEL}`,
        messages: [{ role: 'user', content: 'Who was she?' }],
        response_format: zodResponseFormat(person, 'person'),
      },
      AS_SENT,
    );
    assert.equal(upstreamBody().system, undefined);
  });

  // Before: Claude's citations were dropped on the way back, for Anthropic callers too, so a
  // caller who enabled citations on a document got the text without them (decision 141).
  test("citations on Claude's text blocks reach an Anthropic caller as Claude wrote them", async () => {
    const citation = REPORT_CITATION;
    f.mock.enqueue({ reply: 'Revenue grew by a tenth.', citations: [citation] });
    const document: Anthropic.DocumentBlockParam = {
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: 'Revenue grew 10% in 2025.' },
      title: 'Annual report',
      citations: { enabled: true },
    };
    const msg = await f.anthropic.messages.create(
      {
        model: MODEL,
        max_tokens: 200,
        messages: [
          { role: 'user', content: [document, { type: 'text', text: 'How did revenue do?' }] },
        ],
      },
      AS_SENT,
    );
    assert.deepEqual(msg.content, [
      { type: 'text', text: 'According to the document, ' },
      { type: 'text', text: 'Revenue grew by a tenth.', citations: [citation] },
    ]);

    // A cited block repeating a redacted value holds the placeholder Claude saw: the caller gets
    // their own value back, in the block's text as in a passage quoting it.
    const byUrl = {
      ...document,
      source: { type: 'url' as const, url: 'https://example.com/r.pdf' },
    };
    const asked: Anthropic.MessageCreateParamsNonStreaming = {
      model: MODEL,
      max_tokens: 200,
      messages: [
        {
          role: 'user',
          content: [byUrl, { type: 'text', text: 'Is jane.doe@example.com in it?' }],
        },
      ],
    };
    const ask = () => f.anthropic.messages.create(asked, AS_SENT);
    await ask();
    const sentText = String(
      (upstreamBody().messages as { content: Json[] }[])[0]?.content[1]?.text,
    );
    const placeholder = sentText.replace(/^Is | in it\?$/g, '');
    assert.ok(!placeholder.includes('jane.doe'), `sanity: redacted on the way (${sentText})`);
    const cited = {
      reply: `Yes, ${placeholder} is.`,
      citations: [{ ...citation, cited_text: `Contact ${placeholder}.` }],
    };
    f.mock.enqueue(cited);
    const restored = await ask();
    const block = restored.content[1] as Anthropic.TextBlock;
    assert.equal(block.text, 'Yes, jane.doe@example.com is.');
    const quoted = block.citations?.[0] as Anthropic.CitationCharLocation | undefined;
    assert.equal(quoted?.cited_text, 'Contact jane.doe@example.com.');

    // Streamed: each of Claude's text blocks stays one, its citations_delta events with it.
    f.mock.enqueue(cited);
    const streamed = await f.anthropic.messages.stream(asked, AS_SENT).finalMessage();
    assert.deepEqual(
      streamed.content.map((b) => (b.type === 'text' ? [b.text, b.citations] : b.type)),
      [
        ['According to the document, ', undefined],
        [
          'Yes, jane.doe@example.com is.',
          [{ ...citation, cited_text: 'Contact jane.doe@example.com.' }],
        ],
      ],
    );
  });

  // Before: a plain-text document reached Claude flattened into a text block, so Claude could not
  // cite it however the caller asked (decision 143).
  test('a plain-text document with citations enabled reaches Claude as a document, redacted, uncompressed, and its citations come back', async () => {
    const report = `Annual report. Revenue grew 10% in 2025. For questions, contact jane.doe@example.com. ${'The board met four times in the year and approved the budget for the year. '.repeat(12)}`;
    const document: Anthropic.DocumentBlockParam = {
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: report },
      title: 'Annual report',
      context: 'Published in March',
      citations: { enabled: true },
    };
    const asked: Anthropic.MessageCreateParamsNonStreaming = {
      model: MODEL,
      max_tokens: 200,
      messages: [
        { role: 'user', content: [document, { type: 'text', text: 'Whom should I contact?' }] },
      ],
    };
    // Compression on: a document Claude is asked to cite is still sent as written.
    const compressing = {
      headers: { ...AS_SENT.headers, 'x-tokenwise-optimization-level': 'aggressive' },
    };
    await f.anthropic.messages.create(asked, compressing);
    const sent = (upstreamBody().messages as { content: Json[] }[])[0]?.content[0];
    const data = String((sent?.source as Json | undefined)?.data);
    const placeholder = /contact (\S+)\. The board/.exec(data)?.[1] ?? '';
    assert.ok(
      placeholder && !placeholder.includes('jane.doe'),
      `redacted on the way: ${data.slice(0, 120)}`,
    );
    assert.deepEqual(sent, {
      ...document,
      source: {
        type: 'text',
        media_type: 'text/plain',
        data: report.replace('jane.doe@example.com', placeholder),
      },
    });

    // Claude cites the passage with the placeholder it saw; the caller reads their own value.
    const citation = {
      type: 'char_location',
      cited_text: `For questions, contact ${placeholder}.`,
      document_index: 0,
      document_title: 'Annual report',
      start_char_index: 41,
      end_char_index: 41 + `For questions, contact ${placeholder}.`.length,
    };
    f.mock.enqueue({ reply: `Contact ${placeholder}.`, citations: [citation] });
    const answer = await f.anthropic.messages.create(asked, AS_SENT);
    const cited = answer.content[1] as Anthropic.TextBlock;
    assert.equal(cited.text, 'Contact jane.doe@example.com.');
    const quoted = cited.citations?.[0] as Anthropic.CitationCharLocation | undefined;
    assert.equal(quoted?.cited_text, 'For questions, contact jane.doe@example.com.');

    // To another provider the document is its text, as before.
    f.mock.enqueue({ reply: 'Jane.' }, 'openai');
    await f.anthropic.messages.create({ ...asked, model: 'openai/gpt-4o-mini' }, AS_SENT);
    const gpt = f.mock.calls.filter((c) => c.provider === 'openai').at(-1)?.body as {
      messages: { content: unknown }[];
    };
    assert.match(JSON.stringify(gpt.messages.at(-1)?.content), /Revenue grew 10% in 2025/);
    assert.doesNotMatch(JSON.stringify(gpt.messages), /"document"/);
  });

  // Before: a document by URL or by Files API id was a 400 ('Invalid input') before reaching Claude.
  test('a PDF by URL or by file id reaches Claude as the caller wrote it; elsewhere a 400 says why', async () => {
    const byUrl: Anthropic.DocumentBlockParam = {
      type: 'document',
      source: { type: 'url', url: 'https://example.com/annual-report.pdf' },
      title: 'Annual report',
      context: 'Published in March',
      citations: { enabled: true },
      cache_control: ephemeral,
    };
    await f.anthropic.messages.create(
      {
        model: MODEL,
        max_tokens: 200,
        messages: [
          { role: 'user', content: [byUrl, { type: 'text', text: 'Summarise the report.' }] },
        ],
      },
      AS_SENT,
    );
    const sent = upstreamBody().messages as { content: unknown[] }[];
    assert.deepEqual(sent[0]?.content[0], byUrl);

    const byId = {
      type: 'document' as const,
      source: { type: 'file' as const, file_id: 'file_01' },
    };
    await f.anthropic.beta.messages.create(
      {
        model: MODEL,
        max_tokens: 200,
        betas: ['files-api-2025-04-14'],
        messages: [{ role: 'user', content: [byId, { type: 'text', text: 'And this one?' }] }],
      },
      AS_SENT,
    );
    const sentById = upstreamBody().messages as { content: unknown[] }[];
    assert.deepEqual(sentById[0]?.content[0], byId);
    const call = f.mock.calls.filter((c) => c.provider === 'anthropic').at(-1);
    assert.equal(call?.headers['anthropic-beta'], 'files-api-2025-04-14');

    const elsewhere = await f.anthropic.messages
      .create(
        {
          model: 'openai/gpt-4o-mini',
          max_tokens: 200,
          messages: [{ role: 'user', content: [byUrl, { type: 'text', text: 'Summarise it.' }] }],
        },
        AS_SENT,
      )
      .catch((e: unknown) => e);
    assert.ok(elsewhere instanceof Error && 'status' in elsewhere, String(elsewhere));
    assert.equal(elsewhere.status, 400);
    assert.match(elsewhere.message, /url.*Claude|Claude.*url/i);
    assert.equal(f.mock.callCount('openai'), 0, 'nothing reached OpenAI');
  });

  // Before: the PDF became a file part, and Claude got a bare document block without them.
  test('a base64 PDF reaches Claude with its title, context and citations, the personal data in them redacted', async () => {
    const pdf: Anthropic.DocumentBlockParam = {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQK' },
      title: 'Letter from jane.doe@example.com',
      context: 'Forwarded by sam.lee@example.org on Monday',
      citations: { enabled: true },
      cache_control: ephemeral,
    };
    await f.anthropic.messages.create(
      {
        model: MODEL,
        max_tokens: 200,
        messages: [{ role: 'user', content: [pdf, { type: 'text', text: 'Who wrote it?' }] }],
      },
      AS_SENT,
    );
    const sent = upstreamBody().messages as { content: Json[] }[];
    const block = sent[0]?.content[0] as Json;
    assert.deepEqual(block.source, pdf.source);
    assert.deepEqual(block.citations, { enabled: true });
    assert.deepEqual(block.cache_control, ephemeral);
    assert.match(String(block.title), /^Letter from \[EMAIL_REDACTED_\d+\]$/);
    assert.match(String(block.context), /^Forwarded by \[EMAIL_REDACTED_\d+\] on Monday$/);
    assert.doesNotMatch(JSON.stringify(sent), /jane\.doe|sam\.lee/);
  });
});
