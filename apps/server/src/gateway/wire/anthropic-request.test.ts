import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GatewayError } from '../types.ts';
import { fromAnthropicRequest } from './anthropic-format.ts';

const toolConversation = (model: string) => ({
  model,
  max_tokens: 512,
  system: [
    { type: 'text', text: 'You are terse.' },
    { type: 'text', text: 'Use tools.', cache_control: { type: 'ephemeral' } },
  ],
  temperature: 0.3,
  top_p: 0.9,
  top_k: 5,
  stop_sequences: ['END'],
  stream: true,
  metadata: { user_id: 'u-1' },
  thinking: { type: 'enabled', budget_tokens: 2048 },
  service_tier: 'standard_only',
  tools: [
    {
      name: 'weather',
      description: 'Weather',
      input_schema: { type: 'object', properties: {} },
      cache_control: { type: 'ephemeral' },
    },
  ],
  tool_choice: { type: 'any', disable_parallel_tool_use: true },
  messages: [
    { role: 'user', content: 'Weather in Paris?' },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'hmm', signature: 'sig' },
        { type: 'redacted_thinking', data: 'opaque' },
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
      ],
    },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          is_error: true,
          cache_control: { type: 'ephemeral' },
          content: [
            { type: 'text', text: '21C' },
            { type: 'image', source: { type: 'url', url: 'https://x.test/map.png' } },
          ],
        },
        { type: 'text', text: 'And tomorrow?', cache_control: { type: 'ephemeral', ttl: '1h' } },
      ],
    },
  ],
});

const sharedFields = {
  stream: true,
  temperature: 0.3,
  top_p: 0.9,
  stop: ['END'],
  user: 'u-1',
  tool_choice: 'required',
  parallel_tool_calls: false,
};

test('to an Anthropic model, what only Anthropic understands rides along unchanged', () => {
  const req = fromAnthropicRequest(toolConversation('claude-sonnet-4-5'));
  const ephemeral = { type: 'ephemeral' };
  assert.deepEqual(req, {
    model: 'claude-sonnet-4-5',
    max_tokens: 512,
    ...sharedFields,
    top_k: 5,
    thinking: { type: 'enabled', budget_tokens: 2048 },
    service_tier: 'standard_only',
    tools: [
      {
        type: 'function',
        function: {
          name: 'weather',
          description: 'Weather',
          parameters: { type: 'object', properties: {} },
        },
        cache_control: ephemeral,
      },
    ],
    messages: [
      {
        role: 'system',
        content: [
          { type: 'text', text: 'You are terse.' },
          { type: 'text', text: 'Use tools.', cache_control: ephemeral },
        ],
      },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'Checking.' }],
        thinking_blocks: [
          { type: 'thinking', thinking: 'hmm', signature: 'sig' },
          { type: 'redacted_thinking', data: 'opaque' },
        ],
        tool_calls: [
          {
            id: 'toolu_1',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'toolu_1',
        is_error: true,
        cache_control: ephemeral,
        content: [
          { type: 'text', text: '21C' },
          { type: 'image_url', image_url: { url: 'https://x.test/map.png' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'And tomorrow?', cache_control: { type: 'ephemeral', ttl: '1h' } },
        ],
      },
    ],
  });
});

test('to another provider, Anthropic-only fields are dropped and content takes OpenAI shape', () => {
  const req = fromAnthropicRequest(toolConversation('openai/gpt-4o-mini'));
  assert.deepEqual(req, {
    model: 'openai/gpt-4o-mini',
    // OpenAI's reasoning models take only this name for it (decision 222).
    max_completion_tokens: 512,
    ...sharedFields,
    tools: [
      {
        type: 'function',
        function: {
          name: 'weather',
          description: 'Weather',
          parameters: { type: 'object', properties: {} },
        },
      },
    ],
    messages: [
      { role: 'system', content: 'You are terse.\nUse tools.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          {
            id: 'toolu_1',
            type: 'function',
            function: { name: 'weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'toolu_1', content: '21C' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'And tomorrow?' },
          { type: 'image_url', image_url: { url: 'https://x.test/map.png' } },
        ],
      },
    ],
  });
});

test('base64 images become data URLs; PDFs become file parts', () => {
  const req = fromAnthropicRequest({
    model: 'm',
    max_tokens: 10,
    messages: [
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'QUJD' } },
          {
            type: 'document',
            source: { type: 'base64', media_type: 'application/pdf', data: 'UERG' },
          },
        ],
      },
    ],
  });
  assert.deepEqual(req.messages[0]?.content, [
    { type: 'image_url', image_url: { url: 'data:image/png;base64,QUJD' } },
    { type: 'file', file: { file_data: 'data:application/pdf;base64,UERG' } },
  ]);
});

test('a tool result holding a search result, a document and a PDF: to Claude its own blocks, elsewhere text (the PDF beside it)', () => {
  const searchResult = {
    type: 'search_result',
    source: 'https://wiki.example.com/contracts',
    title: 'Contracts',
    content: [
      { type: 'text', text: 'The contract runs until 2027.' },
      { type: 'text', text: 'Renewal is yearly.' },
    ],
    citations: { enabled: true },
  };
  const document = {
    type: 'document',
    source: { type: 'text', media_type: 'text/plain', data: 'Minutes of March.' },
    title: 'Minutes',
    context: 'Board meeting',
  };
  const pdf = {
    type: 'document',
    source: { type: 'base64', media_type: 'application/pdf', data: 'UERG' },
  };
  const request = (model: string) =>
    fromAnthropicRequest({
      model,
      max_tokens: 10,
      messages: [
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'search', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: [searchResult, document, pdf] },
            { type: 'text', text: 'Summarise.' },
          ],
        },
      ],
    });

  const claude = request('claude-sonnet-4-5').messages[1];
  assert.deepEqual(claude?.content, [
    searchResult,
    {
      type: 'text',
      text: 'Minutes of March.',
      document: {
        title: 'Minutes',
        context: 'Board meeting',
        source: { media_type: 'text/plain' },
      },
    },
    { type: 'file', file: { file_data: 'data:application/pdf;base64,UERG' } },
  ]);

  const gpt = request('openai/gpt-4o-mini').messages;
  assert.deepEqual(gpt.slice(1), [
    {
      role: 'tool',
      tool_call_id: 't1',
      content: [
        'Search result: Contracts',
        'Source: https://wiki.example.com/contracts',
        '',
        'The contract runs until 2027.',
        '',
        'Renewal is yearly.',
        'Document: Minutes',
        'Context: Board meeting',
        '',
        'Minutes of March.',
      ].join('\n'),
    },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Summarise.' },
        { type: 'file', file: { file_data: 'data:application/pdf;base64,UERG' } },
      ],
    },
  ]);
});

test('tool_choice variants', () => {
  const choice = (tool_choice: unknown) =>
    fromAnthropicRequest({
      model: 'm',
      max_tokens: 1,
      messages: [{ role: 'user', content: 'x' }],
      tool_choice,
    });
  assert.equal(choice({ type: 'auto' }).tool_choice, 'auto');
  assert.equal(choice({ type: 'auto' }).parallel_tool_calls, undefined);
  assert.equal(choice({ type: 'none' }).tool_choice, 'none');
  assert.deepEqual(choice({ type: 'tool', name: 'f' }).tool_choice, {
    type: 'function',
    function: { name: 'f' },
  });
});

test('bad input is a 400 invalid_request_error naming the field', () => {
  const rejects = (body: unknown, pattern: RegExp) =>
    assert.throws(
      () => fromAnthropicRequest(body),
      (err: unknown) =>
        err instanceof GatewayError &&
        err.status === 400 &&
        err.type === 'invalid_request_error' &&
        pattern.test(err.message),
    );
  rejects({ model: 'm', messages: [{ role: 'user', content: 'x' }] }, /max_tokens/);
  rejects({ model: 'm', max_tokens: 5, messages: [] }, /messages/);
  rejects(
    { model: 'm', max_tokens: 5, messages: [{ role: 'system', content: 'x' }] },
    /messages\.0\.role/,
  );
  rejects(
    {
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: [{ type: 'video', url: 'x' }] }],
    },
    /messages\.0\.content/,
  );
  rejects(
    {
      model: 'm',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'x' }],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }],
    },
    /^tools\.0\.type: Anthropic's server tools \(type 'web_search_20250305'\) are not supported through the gateway/,
  );
  // A malformed block names its own field, not the whole content list (decision 162).
  const toolResult = (block: unknown) => ({
    model: 'm',
    max_tokens: 5,
    messages: [
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [block] }] },
    ],
  });
  rejects(
    toolResult({ type: 'search_result', title: 't', content: [] }),
    /^messages\.0\.content\.0\.content\.0\.source: Invalid input: expected string/,
  );
  rejects(
    toolResult({ type: 'search_result', source: 's', title: 't' }),
    /^messages\.0\.content\.0\.content\.0\.content: Invalid input: expected array/,
  );
  rejects(
    toolResult({ type: 'document', source: { type: 'text' } }),
    /^messages\.0\.content\.0\.content\.0\.source\.data:/,
  );
  rejects(
    { model: 'm', max_tokens: 5, messages: [{ role: 'user', content: [{ type: 'text' }] }] },
    /^messages\.0\.content\.0\.text: Invalid input: expected string/,
  );
  rejects(null, /./);
});
