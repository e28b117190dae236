import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GatewayError } from '../types.ts';
import { fromResponsesRequest } from './responses-request.ts';
import { ResponsesStreamWriter } from './responses-stream-writer.ts';

const model = 'openai/gpt-4o-mini';

describe('fromResponsesRequest', () => {
  test('a turn-by-turn input becomes chat messages; calls join their assistant message', () => {
    const { request } = fromResponsesRequest({
      model,
      instructions: 'Be brief.',
      input: [
        { role: 'developer', content: 'Use metric units.' },
        { role: 'user', content: [{ type: 'input_text', text: 'Weather in Oslo and Bergen?' }] },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: 'Checking both.' }],
        },
        { type: 'function_call', call_id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' },
        { type: 'function_call', call_id: 'c2', name: 'weather', arguments: '{"city":"Bergen"}' },
        { type: 'function_call_output', call_id: 'c1', output: '4 C' },
        {
          type: 'function_call_output',
          call_id: 'c2',
          output: [{ type: 'input_text', text: '6 C' }],
        },
      ],
    });
    assert.deepEqual(request.messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'developer', content: 'Use metric units.' },
      { role: 'user', content: 'Weather in Oslo and Bergen?' },
      {
        role: 'assistant',
        content: 'Checking both.',
        tool_calls: [
          {
            id: 'c1',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Oslo"}' },
          },
          {
            id: 'c2',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Bergen"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '4 C' },
      { role: 'tool', tool_call_id: 'c2', content: '6 C' },
    ]);
  });

  test('images and files become chat parts; files by id are refused', () => {
    const { request } = fromResponsesRequest({
      model,
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'What is in these?' },
            { type: 'input_image', image_url: 'data:image/png;base64,AAAA', detail: 'low' },
            {
              type: 'input_file',
              file_data: 'data:application/pdf;base64,BBBB',
              filename: 'a.pdf',
            },
          ],
        },
      ],
    });
    assert.deepEqual(request.messages[0]?.content, [
      { type: 'text', text: 'What is in these?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'low' } },
      { type: 'file', file: { file_data: 'data:application/pdf;base64,BBBB', filename: 'a.pdf' } },
    ]);
    assert.throws(
      () =>
        fromResponsesRequest({
          model,
          input: [{ role: 'user', content: [{ type: 'input_image', file_id: 'file-1' }] }],
        }),
      (e: unknown) =>
        e instanceof GatewayError &&
        e.status === 400 &&
        /input\.0\.content\.0: images by file_id/.test(e.message),
    );
  });

  test('options map to their chat names, and the answer repeats what was asked', () => {
    const { request, echo } = fromResponsesRequest({
      model,
      input: 'hi',
      stream: true,
      max_output_tokens: 99,
      temperature: 0.2,
      top_p: null,
      tool_choice: { type: 'function', name: 'f' },
      parallel_tool_calls: false,
      reasoning: { effort: 'low' },
      text: { format: { type: 'json_object' } },
      safety_identifier: 'user-7',
      store: true,
    });
    assert.equal(request.stream, true);
    assert.deepEqual(request.stream_options, { include_usage: true });
    assert.equal(request.max_completion_tokens, 99);
    assert.equal(request.temperature, 0.2);
    assert.equal('top_p' in request, false);
    assert.deepEqual(request.tool_choice, { type: 'function', function: { name: 'f' } });
    assert.equal(request.parallel_tool_calls, false);
    assert.equal(request.reasoning_effort, 'low');
    assert.deepEqual(request.response_format, { type: 'json_object' });
    assert.equal(request.user, 'user-7');
    assert.equal(echo.max_output_tokens, 99);
    assert.equal(echo.top_p, null);
    assert.deepEqual(echo.text, { format: { type: 'json_object' } });
  });

  test('the web_search tool is web_search_options beside the functions; what cannot be honoured is a 400 (decision 185)', () => {
    const fn = { type: 'function', name: 'lookup', parameters: { type: 'object' } };
    const { request, echo } = fromResponsesRequest({
      model: 'claude-sonnet-4-5',
      input: 'hi',
      tools: [
        fn,
        {
          type: 'web_search_2025_08_26',
          search_context_size: 'medium',
          user_location: { type: 'approximate', city: 'Oslo', country: 'NO', region: null },
          filters: { allowed_domains: [] },
        },
      ],
    });
    assert.deepEqual(request.web_search_options, {
      search_context_size: 'medium',
      user_location: { type: 'approximate', approximate: { city: 'Oslo', country: 'NO' } },
    });
    assert.deepEqual(
      request.tools?.map((t) => t.function.name),
      ['lookup'],
    );
    assert.equal(echo.tools.length, 2, 'the answer repeats the tools as sent');

    const refused = (body: Record<string, unknown>) => {
      try {
        fromResponsesRequest({ model: 'gemini-2.5-flash', input: 'hi', ...body });
      } catch (err) {
        assert.ok(err instanceof GatewayError);
        return `${err.param ?? ''}: ${err.message}`;
      }
      assert.fail(`not refused: ${JSON.stringify(body)}`);
    };
    const search = { type: 'web_search' };
    assert.match(refused({ tools: [search, search] }), /only one web search tool/);
    assert.match(
      refused({ tools: [{ ...search, filters: { allowed_domains: ['a.example'] } }] }),
      /^tools\.0\.filters: /,
    );
    assert.match(
      refused({ tools: [{ type: 'web_search_preview', search_content_types: ['image'] }] }),
      /^tools\.0\.search_content_types: /,
    );
    assert.match(
      refused({ tools: [search], tool_choice: { type: 'web_search_preview' } }),
      /^tool_choice: .*use 'auto'/,
    );
    assert.match(refused({ model: 'openai/gpt-5', tools: [search] }), /^tools\.0: .*search models/);
    // A name holding "search" is not a search model; a dated search model is.
    assert.match(
      refused({ model: 'openai/ft:gpt-4o:acme:research-bot', tools: [search] }),
      /^tools\.0: .*search models/,
    );
    fromResponsesRequest({
      model: 'openai/gpt-4o-search-preview-2025-03-11',
      input: 'hi',
      tools: [search],
    });
    // "required" with the search as the only tool forces the search, as naming it would.
    assert.match(
      refused({ tools: [search], tool_choice: 'required' }),
      /^tool_choice: .*use 'auto'/,
    );
  });

  test("an earlier answer's web_search_call items sent back in input are left out, as reasoning is (decision 185)", () => {
    const { request } = fromResponsesRequest({
      model: 'claude-sonnet-4-5',
      tools: [{ type: 'web_search' }],
      input: [
        { role: 'user', content: 'Tides in Oslo?' },
        {
          type: 'web_search_call',
          id: 'ws_0_resp_1',
          status: 'completed',
          action: { type: 'search', query: 'Oslo tides', queries: ['Oslo tides'] },
        },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Low.' }] },
        { role: 'user', content: 'And Bergen?' },
      ],
    });
    assert.deepEqual(
      request.messages.map((m) => [m.role, m.content]),
      [
        ['user', 'Tides in Oslo?'],
        ['assistant', 'Low.'],
        ['user', 'And Bergen?'],
      ],
    );
  });

  test('a request with only instructions has nothing to answer', () => {
    assert.throws(
      () => fromResponsesRequest({ model, instructions: 'x', input: [{ type: 'reasoning' }] }),
      /input must contain at least one message/,
    );
  });
});

describe('ResponsesStreamWriter', () => {
  const meta = {
    id: 'abc',
    createdAt: 1,
    echo: fromResponsesRequest({ model, input: 'hi' }).echo,
  };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    id: 'x',
    object: 'chat.completion.chunk' as const,
    created: 1,
    model,
    choices: [{ index: 0, delta, finish_reason: finish as never }],
  });
  const events = (text: string) =>
    [...text.matchAll(/^data: (.+)$/gm)].map(
      (m) => JSON.parse(m[1] ?? '') as Record<string, never>,
    );

  test("a search between two texts: the second message's annotations count from its own text (decision 185)", () => {
    const w = new ResponsesStreamWriter(meta);
    const lead = 'Let me look. ';
    const cited = 'Tides are low.';
    let text = w.start();
    text += w.push(chunk({ role: 'assistant', content: lead }));
    text += w.push(chunk({ web_search_queries: ['Oslo tides'] }));
    text += w.push(chunk({ content: cited }));
    const page = { url: 'https://tides.example/oslo', title: 'Tides' };
    const at = { start_index: lead.length, end_index: lead.length + cited.length };
    text += w.push(
      chunk({ annotations: [{ type: 'url_citation', url_citation: { ...at, ...page } }] }),
    );
    text += w.finish();
    const added = events(text).find((e) => e.type === 'response.output_text.annotation.added') as
      | { annotation: { start_index: number; end_index: number } }
      | undefined;
    assert.deepEqual(
      [added?.annotation.start_index, added?.annotation.end_index],
      [0, cited.length],
      'streamed',
    );
    const done = events(text).find((e) => e.type === 'response.completed') as unknown as {
      response: {
        output: { type: string; content?: { text: string; annotations: unknown[] }[] }[];
      };
    };
    const second = done.response.output[2]?.content?.[0];
    assert.equal(second?.text, cited);
    assert.deepEqual(second?.annotations, [
      { type: 'url_citation', start_index: 0, end_index: cited.length, ...page },
    ]);
  });

  test('text then a call: each item opens and closes in order, numbered', () => {
    const w = new ResponsesStreamWriter(meta);
    let text = w.start();
    text += w.push(chunk({ role: 'assistant', content: 'Let me ' }));
    text += w.push(chunk({ content: 'check.' }));
    text += w.push(
      chunk({
        tool_calls: [
          { index: 0, id: 'call_9', type: 'function', function: { name: 'f', arguments: '{"a"' } },
        ],
      }),
    );
    text += w.push(
      chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }, 'tool_calls'),
    );
    text += w.finish({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 });
    const all = events(text);
    assert.deepEqual(
      all.map((e) => e.type),
      [
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.content_part.added',
        'response.output_text.delta',
        'response.output_text.delta',
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.output_item.added',
        'response.function_call_arguments.delta',
        'response.function_call_arguments.delta',
        'response.function_call_arguments.done',
        'response.output_item.done',
        'response.completed',
      ],
    );
    assert.deepEqual(
      all.map((e) => e.sequence_number),
      all.map((_, i) => i),
    );
    const done = all.at(-1)?.response as unknown as {
      status: string;
      output: { type: string; arguments?: string; content?: { text: string }[] }[];
      usage: { total_tokens: number };
    };
    assert.equal(done.status, 'completed');
    assert.equal(done.output[0]?.content?.[0]?.text, 'Let me check.');
    assert.equal(done.output[1]?.arguments, '{"a":1}');
    assert.equal(done.usage.total_tokens, 7);
  });

  test('an answer cut by the token limit ends as response.incomplete', () => {
    const w = new ResponsesStreamWriter(meta);
    const text = w.start() + w.push(chunk({ content: 'Once upon' }, 'length')) + w.finish();
    const last = events(text).at(-1) as unknown as {
      type: string;
      response: { status: string; incomplete_details: { reason: string } };
    };
    assert.equal(last.type, 'response.incomplete');
    assert.deepEqual(last.response.incomplete_details, { reason: 'max_output_tokens' });
  });
});
