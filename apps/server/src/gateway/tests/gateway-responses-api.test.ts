import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import OpenAI from 'openai';
import { streamedRefusal } from './openai-refusal-stream.ts';
import { useGatewayFixture } from './use-gateway-fixture.ts';

// OpenAI's Responses API (`client.responses.create` / `.stream`) through the gateway, to OpenAI
// and to Claude on the mock upstream: the SDK's own parsing and stream accumulator are the judge.
describe('the Responses API through the gateway', () => {
  const f = useGatewayFixture();

  test('a plain answer: output_text, usage, the request id and a log row', async () => {
    f.mock.enqueue({ reply: 'Paris is the capital of France.', usage: { input: 21, output: 7 } });
    const { data, response } = await f.openai.responses
      .create({
        model: 'openai/gpt-4o-mini',
        instructions: 'Answer in one sentence.',
        input: 'What is the capital of France?',
        max_output_tokens: 60,
        metadata: { ticket: 'T-1' },
      })
      .withResponse();
    assert.equal(data.object, 'response');
    assert.equal(data.status, 'completed');
    assert.equal(data.output_text, 'Paris is the capital of France.');
    assert.equal(data.model, 'gpt-4o-mini', 'the model that answered, as Chat Completions says');
    assert.equal(data.instructions, 'Answer in one sentence.');
    assert.deepEqual(data.metadata, { ticket: 'T-1' });
    assert.deepEqual(
      [data.usage?.input_tokens, data.usage?.output_tokens, data.usage?.total_tokens],
      [21, 7, 28],
    );
    assert.equal(response.headers.get('x-cache'), 'MISS');

    const sent = f.mock.calls.at(-1);
    assert.equal(sent?.path, '/openai/v1/chat/completions');
    const body = sent?.body as { messages: { role: string; content: string }[] } & Record<
      string,
      unknown
    >;
    // The prompt ran through the stages: balanced compression drops the filler 'is the'.
    assert.deepEqual(
      body.messages.map((m) => m.role),
      ['system', 'user'],
    );
    assert.equal(body.messages[0]?.content, 'Answer in one sentence.');
    assert.match(body.messages[1]?.content ?? '', /capital of France\?$/);
    assert.equal(body.max_completion_tokens, 60);
    assert.equal(body.metadata, undefined, 'metadata stays with the caller');

    const row = (await f.logs())[0];
    assert.equal(row?.id, response.headers.get('x-request-id'));
    assert.equal(row?.endpoint, 'responses');
    assert.equal(row?.status, 'success');
  });

  test('the same question again is answered from the semantic cache', async () => {
    const ask = () =>
      f.openai.responses
        .create({ model: 'openai/gpt-4o-mini', input: 'Name three moons of Jupiter, please.' })
        .withResponse();
    f.mock.enqueue({ reply: 'Io, Europa and Ganymede.' });
    const first = await ask();
    const calls = f.mock.calls.length;
    const second = await ask();
    assert.equal(first.response.headers.get('x-cache'), 'MISS');
    assert.equal(second.response.headers.get('x-cache'), 'HIT');
    assert.equal(second.data.output_text, 'Io, Europa and Ganymede.');
    assert.equal(f.mock.calls.length, calls, 'the provider is not asked again');
  });

  test('a streamed question asked again is replayed from the cache as Responses events', async () => {
    const ask = () =>
      f.openai.responses.stream({
        model: 'openai/gpt-4o-mini',
        input: 'Which planet has the longest day in the solar system?',
      });
    f.mock.enqueue({ reply: 'Venus: one day lasts 243 Earth days.' });
    const first = await ask().finalResponse();
    const calls = f.mock.calls.length;
    const again = ask();
    const second = await again.finalResponse();
    assert.equal(f.mock.calls.length, calls, 'answered without the provider');
    assert.equal(second.output_text, first.output_text);
    assert.equal(second.output_text, 'Venus: one day lasts 243 Earth days.');
    assert.ok((second.usage?.output_tokens ?? 0) > 0, 'the replay carries usage');
  });

  test('personal data: the provider sees placeholders, the caller gets the originals', async () => {
    const answer = await f.openai.responses.create({
      model: 'openai/gpt-4o-mini',
      input: [{ role: 'user', content: 'Write back to jane.doe@example.com about the invoice' }],
    });
    const sent = JSON.stringify(f.mock.calls.at(-1)?.body);
    assert.ok(!sent.includes('jane.doe@example.com'), 'the provider saw no email');
    assert.match(sent, /\[EMAIL_REDACTED_1\]/);
    // The mock echoes the prompt: the placeholder comes back and is restored.
    assert.match(answer.output_text, /jane\.doe@example\.com/);
    const row = (await f.logs())[0];
    assert.ok(!(row?.original_text ?? '').includes('jane.doe@example.com'));
  });

  test('a streamed answer, to Claude, accumulates in the SDK with its usage', async () => {
    f.mock.enqueue({ reply: 'Tides follow the moon.', usage: { input: 30, output: 5 } });
    const stream = f.openai.responses.stream({
      model: 'claude-3-5-haiku-latest',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'Why are there tides?' }] }],
      max_output_tokens: 80,
    });
    const deltas: string[] = [];
    stream.on('response.output_text.delta', (e) => deltas.push(e.delta));
    const final = await stream.finalResponse();
    assert.equal(final.status, 'completed');
    assert.equal(final.output_text, 'Tides follow the moon.');
    assert.equal(deltas.join(''), 'Tides follow the moon.');
    assert.ok(deltas.length > 1, 'the text arrives in pieces');
    assert.deepEqual([final.usage?.input_tokens, final.usage?.output_tokens], [30, 5]);
    const sent = f.mock.calls.at(-1);
    assert.equal(sent?.provider, 'anthropic');
    assert.equal(((sent?.body ?? {}) as { max_tokens?: number }).max_tokens, 80);
  });

  test('function tools: the call comes back as an item, and its output goes back in the next turn', async () => {
    const tools = [
      {
        type: 'function' as const,
        name: 'get_weather',
        description: 'Weather for a city',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
        strict: false,
      },
    ];
    f.mock.enqueue({ toolCall: { name: 'get_weather', arguments: { city: 'Oslo' } } });
    const first = await f.openai.responses.create({
      model: 'openai/gpt-4o-mini',
      input: 'What is the weather in Oslo?',
      tools,
    });
    const call = first.output.find((o) => o.type === 'function_call');
    assert.ok(call && call.type === 'function_call');
    assert.equal(call.name, 'get_weather');
    assert.deepEqual(JSON.parse(call.arguments), { city: 'Oslo' });
    const sentTools = ((f.mock.calls.at(-1)?.body ?? {}) as { tools: unknown[] }).tools;
    assert.deepEqual(sentTools[0], {
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Weather for a city',
        parameters: tools[0]?.parameters,
        strict: false,
      },
    });

    f.mock.enqueue({ reply: 'It is 4 °C and raining in Oslo.' });
    const second = await f.openai.responses.create({
      model: 'openai/gpt-4o-mini',
      tools,
      input: [
        { role: 'user', content: 'What is the weather in Oslo?' },
        call,
        { type: 'function_call_output', call_id: call.call_id, output: '{"temp_c":4,"rain":true}' },
      ],
    });
    assert.equal(second.output_text, 'It is 4 °C and raining in Oslo.');
    const messages = ((f.mock.calls.at(-1)?.body ?? {}) as { messages: Record<string, unknown>[] })
      .messages;
    assert.deepEqual(
      messages.map((m) => m.role),
      ['user', 'assistant', 'tool'],
    );
    const assistant = messages[1] as { tool_calls: { id: string; function: { name: string } }[] };
    assert.equal(assistant.tool_calls[0]?.id, call.call_id);
    assert.equal(assistant.tool_calls[0]?.function.name, 'get_weather');
    assert.equal(messages[2]?.tool_call_id, call.call_id);
    assert.equal(messages[2]?.content, '{"temp_c":4,"rain":true}');
  });

  test('a streamed tool call accumulates as a function_call item', async () => {
    f.mock.enqueue({ toolCall: { name: 'lookup_order', arguments: { order: 'A-17' } } });
    const stream = f.openai.responses.stream({
      model: 'openai/gpt-4o-mini',
      input: 'Where is order A-17?',
      tools: [
        {
          type: 'function',
          name: 'lookup_order',
          parameters: { type: 'object', properties: { order: { type: 'string' } } },
          strict: false,
        },
      ],
    });
    const final = await stream.finalResponse();
    const call = final.output.find((o) => o.type === 'function_call');
    assert.ok(call && call.type === 'function_call');
    assert.equal(call.name, 'lookup_order');
    assert.deepEqual(JSON.parse(call.arguments), { order: 'A-17' });
    assert.equal(call.status, 'completed');
  });

  test('structured output: text.format json_schema reaches the provider as response_format', async () => {
    f.mock.enqueue({ reply: '{"name":"Ada"}' });
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    };
    const answer = await f.openai.responses.create({
      model: 'openai/gpt-4o-mini',
      input: 'Who wrote the first program? Give the first name.',
      text: { format: { type: 'json_schema', name: 'person', schema, strict: true } },
    });
    assert.deepEqual(JSON.parse(answer.output_text), { name: 'Ada' });
    assert.deepEqual(
      ((f.mock.calls.at(-1)?.body ?? {}) as { response_format: unknown }).response_format,
      {
        type: 'json_schema',
        json_schema: { name: 'person', schema, strict: true },
      },
    );
  });

  test('what the gateway cannot do is a 400 the SDK shows, saying why', async () => {
    const calls = f.mock.calls.length;
    const refused = async (body: Record<string, unknown>) => {
      const err = await f.openai.responses
        .create({ model: 'openai/gpt-4o-mini', input: 'hi', ...body } as never)
        .catch((e: unknown) => e);
      assert.ok(err instanceof OpenAI.BadRequestError, JSON.stringify(body));
      return err.message;
    };
    assert.match(await refused({ previous_response_id: 'resp_1' }), /send the earlier turns/);
    assert.match(await refused({ tools: [{ type: 'file_search' }] }), /function tools only/);
    // Web search maps to Chat Completions' web_search_options (decision 185): OpenAI's search models only.
    assert.match(await refused({ tools: [{ type: 'web_search' }] }), /search models/);
    assert.match(
      await refused({ input: [{ type: 'item_reference', id: 'msg_1' }] }),
      /input\.0: input items of type 'item_reference' are not supported/,
    );
    assert.match(await refused({ input: 42 }), /^400 input: /);
    assert.equal(f.mock.calls.length, calls, 'no provider is asked');
  });

  test('a provider error mid-stream ends the stream with an error event and a failed response', async () => {
    f.mock.enqueue({
      status: 500,
      errorMessage: 'Boom',
      streamErrorAfterChunks: 2,
      reply: 'a b c d e f',
    });
    const res = await fetch(`${f.server.url}/v1/responses`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${f.gatewayKey}`,
        'x-tokenwise-cache': 'bypass',
      },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'count to six', stream: true }),
    });
    assert.equal(res.status, 200);
    const text = await res.text();
    const events = [...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
    assert.equal(events[0], 'response.created');
    assert.deepEqual(events.slice(-2), ['error', 'response.failed']);
    const numbers = [...text.matchAll(/"sequence_number":(\d+)/g)].map((m) => Number(m[1]));
    assert.deepEqual(
      numbers,
      numbers.map((_, i) => i),
      'sequence numbers count up from 0',
    );
  });

  // Before: output_tokens_details.reasoning_tokens was always 0, whatever the model reported.
  test("a reasoning model's reasoning tokens show in usage, plain and streamed", async () => {
    const usage = {
      prompt_tokens: 12,
      completion_tokens: 40,
      total_tokens: 52,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 32, audio_tokens: 0 },
    };
    const base = { id: 'chatcmpl-r', created: 1, model: 'o4-mini', system_fingerprint: null };
    f.mock.enqueue({
      raw: {
        json: {
          ...base,
          object: 'chat.completion',
          choices: [
            { index: 0, message: { role: 'assistant', content: '42' }, finish_reason: 'stop' },
          ],
          usage,
        },
      },
    });
    const headers = { headers: { 'x-tokenwise-cache': 'bypass' } };
    const plain = await f.openai.responses.create(
      { model: 'openai/o4-mini', input: 'Think, then answer: six times seven?' },
      headers,
    );
    assert.equal(plain.usage?.output_tokens_details.reasoning_tokens, 32);

    const chunk = (choices: unknown[], more: object = {}) => ({
      data: { ...base, object: 'chat.completion.chunk', choices, ...more },
    });
    f.mock.enqueue({
      raw: {
        events: [
          chunk([{ index: 0, delta: { role: 'assistant', content: '42' }, finish_reason: null }]),
          chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
          chunk([], { usage }),
          { data: '[DONE]' },
        ],
      },
    });
    const streamed = await f.openai.responses
      .stream({ model: 'openai/o4-mini', input: 'Think, then answer: seven times six?' }, headers)
      .finalResponse();
    assert.equal(streamed.usage?.output_tokens_details.reasoning_tokens, 32);

    // Gemini's thinking tokens (thoughtsTokenCount) are its reasoning tokens.
    f.mock.enqueue({
      raw: {
        json: {
          candidates: [
            { content: { role: 'model', parts: [{ text: '42' }] }, finishReason: 'STOP' },
          ],
          usageMetadata: {
            promptTokenCount: 12,
            candidatesTokenCount: 8,
            thoughtsTokenCount: 32,
            totalTokenCount: 52,
          },
        },
      },
    });
    const gemini = await f.openai.responses.create(
      { model: 'gemini/gemini-2.5-flash', input: 'Think, then answer: six sevens?' },
      headers,
    );
    assert.equal(gemini.usage?.output_tokens, 40);
    assert.equal(gemini.usage?.output_tokens_details.reasoning_tokens, 32);
  });

  // Before: a streamed refusal came out as an empty output_text; only a plain answer carried it.
  test("a streamed refusal is the message's refusal part, as a plain one is", async () => {
    const base = { id: 'chatcmpl-r', created: 1, model: 'gpt-4o-mini' };
    f.mock.enqueue({ raw: { events: streamedRefusal(base) } });
    const stream = f.openai.responses.stream(
      { model: 'openai/gpt-4o-mini', input: 'Fill in the form for me' },
      { headers: { 'x-tokenwise-cache': 'bypass' } },
    );
    const deltas: string[] = [];
    stream.on('response.refusal.delta', (event) => deltas.push(event.delta));
    const response = await stream.finalResponse();
    const refusal = "I'm sorry, I can't help with that.";
    const message = response.output[0];
    assert.equal(message?.type, 'message');
    const parts = message?.type === 'message' ? message.content : [];
    assert.deepEqual(
      parts.map((p) => [p.type, p.type === 'refusal' ? p.refusal : p.text]),
      [['refusal', refusal]],
    );
    assert.equal(deltas.join(''), refusal);
  });

  // Before: these were dropped on the way to Chat Completions, which takes each of them.
  test("OpenAI's verbosity, prompt_cache_key and service_tier reach OpenAI, and only OpenAI", async () => {
    const ask = (model: string) =>
      f.openai.responses.create(
        {
          model,
          input: 'Say hello in a few words',
          text: { verbosity: 'low' },
          prompt_cache_key: 'support-bot-v2',
          service_tier: 'flex',
        },
        { headers: { 'x-tokenwise-cache': 'bypass' } },
      );
    await ask('openai/gpt-5-mini');
    const sent = (f.mock.calls.at(-1)?.body ?? {}) as Record<string, unknown>;
    assert.deepEqual(
      [sent.verbosity, sent.prompt_cache_key, sent.service_tier],
      ['low', 'support-bot-v2', 'flex'],
    );
    await ask('anthropic/claude-sonnet-4-5');
    const claude = (f.mock.calls.at(-1)?.body ?? {}) as Record<string, unknown>;
    assert.equal(f.mock.calls.at(-1)?.provider, 'anthropic');
    for (const field of ['verbosity', 'prompt_cache_key', 'service_tier'])
      assert.equal(claude[field], undefined, field);
  });
  // Before: an input_file by file_url or file_id was a 400 whatever the model (decision 143).
  test('input files by file_id or file_url: Claude gets documents, OpenAI the file id unchanged', async () => {
    type Body = { messages: { content: unknown }[] };
    const ask = (model: string, file: Record<string, string>) =>
      f.openai.responses.create(
        {
          model,
          input: [
            {
              role: 'user',
              content: [
                { type: 'input_text', text: 'Summarise this contract.' },
                { type: 'input_file', ...file } as never,
              ],
            },
          ],
        },
        { headers: { 'x-tokenwise-cache': 'bypass' } },
      );
    const lastBlock = () => {
      const call = f.mock.calls.at(-1);
      assert.ok(call, 'the request reached the mock');
      const content = (call.body as Body).messages.at(-1)?.content as unknown[];
      return { block: content.at(-1), beta: call.headers['anthropic-beta'] };
    };

    const url = 'https://files.example.test/contract.pdf';
    f.mock.enqueue({ reply: 'A lease.' }, 'anthropic');
    const byUrl = await ask('anthropic/claude-sonnet-4-5', { file_url: url, filename: 'Lease' });
    assert.equal(byUrl.output_text, 'A lease.');
    assert.deepEqual(lastBlock().block, {
      type: 'document',
      source: { type: 'url', url },
      title: 'Lease',
    });

    f.mock.enqueue({ reply: 'A lease.' }, 'anthropic');
    await ask('anthropic/claude-sonnet-4-5', { file_id: 'file_011CNha8iCJcU1wXNR6q4V8w' });
    const byId = lastBlock();
    assert.deepEqual(byId.block, {
      type: 'document',
      source: { type: 'file', file_id: 'file_011CNha8iCJcU1wXNR6q4V8w' },
    });
    assert.match(
      byId.beta ?? '',
      /files-api-2025-04-14/,
      "Anthropic's Files API beta is asked for",
    );

    f.mock.enqueue({ reply: 'A lease.' }, 'openai');
    await ask('openai/gpt-4o-mini', { file_id: 'file-abc123', filename: 'lease.pdf' });
    assert.deepEqual(lastBlock().block, {
      type: 'file',
      file: { file_id: 'file-abc123', filename: 'lease.pdf' },
    });

    // Chat Completions, which the gateway speaks to OpenAI, takes no file URL: a 400 saying so.
    const before = f.mock.callCount();
    const err = await ask('openai/gpt-4o-mini', { file_url: url }).catch((e: unknown) => e);
    assert.ok(err instanceof OpenAI.BadRequestError, String(err));
    assert.match(err.message, /file_url are sent to Claude models only.*file_data or file_id/);
    assert.equal(f.mock.callCount(), before);
  });

  // Before (decision 166): output_text always carried `annotations: []`, whole and streamed.
  test("an OpenAI answer's url_citation reaches the caller as an output_text annotation, counted in the restored text, whole and streamed", async () => {
    const asked = {
      model: 'openai/gpt-4o-mini',
      input: 'Where is jane.doe@example.com listed?',
    };
    const asSent = {
      headers: { 'x-tokenwise-optimization-level': 'off', 'x-tokenwise-cache': 'bypass' },
    };
    await f.openai.responses.create(asked, asSent);
    const placeholder = /\[EMAIL_REDACTED_\d+\]/.exec(JSON.stringify(f.mock.calls.at(-1)?.body));
    assert.ok(placeholder, 'sanity: the address went redacted');
    const reply = `${placeholder[0]} is listed on the staff page of example.com.`;
    const start = reply.indexOf('the staff page');
    const cited = { start_index: start, end_index: start + 14, url: 'https://example.com/staff' };
    const annotations = [{ type: 'url_citation', url_citation: { ...cited, title: 'Staff' } }];
    const expectCitation = (text: string, annotation: unknown) => {
      const got = annotation as OpenAI.Responses.ResponseOutputText.URLCitation;
      assert.deepEqual(
        { ...got, start_index: 0, end_index: 0 },
        { type: 'url_citation', start_index: 0, end_index: 0, url: cited.url, title: 'Staff' },
      );
      assert.ok(text.startsWith('jane.doe@example.com'), text);
      assert.equal(text.slice(got.start_index, got.end_index), 'the staff page');
    };
    const outputText = (response: OpenAI.Responses.Response) => {
      const message = response.output.find((o) => o.type === 'message');
      const part = message?.content[0];
      assert.equal(part?.type, 'output_text');
      return part as OpenAI.Responses.ResponseOutputText;
    };

    f.mock.enqueue({ reply, annotations });
    const whole = outputText(await f.openai.responses.create(asked, asSent));
    assert.equal(whole.annotations.length, 1);
    expectCitation(whole.text, whole.annotations[0]);

    f.mock.enqueue({ reply, annotations });
    const stream = f.openai.responses.stream(asked, asSent);
    const added: OpenAI.Responses.ResponseOutputTextAnnotationAddedEvent[] = [];
    stream.on('response.output_text.annotation.added', (e) => added.push(e));
    const final = outputText(await stream.finalResponse());
    assert.equal(added.length, 1, 'one annotation.added event');
    assert.equal(added[0]?.annotation_index, 0);
    assert.equal(added[0]?.content_index, 0);
    assert.equal(added[0]?.output_index, 0);
    expectCitation(final.text, added[0]?.annotation);
    assert.equal(final.annotations.length, 1);
    expectCitation(final.text, final.annotations[0]);
  });
});
