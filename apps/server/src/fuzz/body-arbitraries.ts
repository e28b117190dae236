import fc from 'fast-check';
import { anyJson, anyText, anyValue, awkwardNumber } from './arbitraries.ts';

// One model per adapter (and Gemini 3, which signs tool calls), so every translator is reached.
const MODELS = [
  'openai/gpt-4o-mini',
  'claude-3-5-haiku-latest',
  'gemini-2.0-flash',
  'gemini-3-pro-preview',
  'mistral-small-latest',
  'groq/llama-3.1-8b-instant',
];

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const oddText = fc.oneof(anyText(30), fc.constantFrom('', ' ', '{}', '{"a":1}', 'null', 'call_1'));
const schemaLike = fc.dictionary(
  fc.constantFrom('type', 'properties', 'items', 'required', 'enum', 'anyOf', '$ref', 'format'),
  anyJson,
  { maxKeys: 4 },
);
const cacheControl = maybe(fc.record({ type: fc.constantFrom('ephemeral', 'x') }));

const chatPart = fc.oneof(
  fc.record({ type: fc.constant('text'), text: oddText, cache_control: cacheControl }),
  fc.record({
    type: fc.constant('image_url'),
    image_url: fc.record({
      url: fc.oneof(
        oddText,
        fc.constantFrom('data:image/png;base64,iVBORw0KGgo=', 'data:;base64,'),
      ),
    }),
  }),
  fc.record({ type: fc.constantFrom('input_audio', 'file', 'x'), text: oddText }),
);
const toolCall = fc.record({
  id: oddText,
  type: fc.constantFrom('function', 'custom'),
  function: fc.record({ name: oddText, arguments: oddText }),
  cache_control: cacheControl,
});
const chatMessage = fc.record(
  {
    role: fc.constantFrom('user', 'assistant', 'system', 'tool', 'developer'),
    content: fc.oneof(oddText, fc.constant(null), fc.array(chatPart, { maxLength: 3 })),
    name: maybe(oddText),
    tool_calls: maybe(fc.array(toolCall, { maxLength: 2 })),
    tool_call_id: maybe(oddText),
    thinking_blocks: maybe(
      fc.array(
        fc.record({ type: fc.constant('thinking'), thinking: oddText, signature: oddText }),
        {
          maxLength: 1,
        },
      ),
    ),
  },
  { requiredKeys: ['role'] },
);
const chatTool = fc.oneof(
  fc.record({
    type: fc.constant('function'),
    function: fc.record({ name: oddText.filter((s) => s !== ''), parameters: maybe(schemaLike) }),
  }),
  fc.record({ type: fc.constantFrom('web_search', 'custom'), name: oddText }),
);

/** OpenAI chat requests with every field of the right type and odd values: reach the adapters. */
export const wellTypedChat = fc.record(
  {
    model: fc.constantFrom(...MODELS),
    messages: fc.array(chatMessage, { minLength: 1, maxLength: 4 }),
    stream: fc.boolean(),
    stream_options: maybe(fc.record({ include_usage: fc.boolean() })),
    tools: maybe(fc.array(chatTool, { maxLength: 2 })),
    tool_choice: maybe(fc.oneof(fc.constantFrom('auto', 'none', 'required'), anyJson)),
    response_format: maybe(fc.record({ type: fc.constantFrom('json_object', 'text', 'x') })),
    max_tokens: maybe(awkwardNumber),
    temperature: maybe(awkwardNumber),
    stop: maybe(fc.oneof(oddText, fc.array(oddText, { maxLength: 3 }))),
    thinking: maybe(fc.record({ type: fc.constantFrom('enabled', 'disabled', 'x') })),
  },
  { requiredKeys: ['model', 'messages'] },
);

const anthropicText = fc.record({
  type: fc.constant('text'),
  text: oddText,
  cache_control: cacheControl,
});
// Search results and documents, whole or missing fields: a RAG tool's answer (decision 162).
const anthropicReference = fc.oneof(
  fc.record(
    {
      type: fc.constant('search_result'),
      source: oddText,
      title: oddText,
      content: fc.oneof(oddText, fc.array(anthropicText, { maxLength: 2 })),
      citations: maybe(fc.record({ enabled: fc.boolean() })),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({
    type: fc.constant('document'),
    source: fc.oneof(
      fc.record({ type: fc.constant('text'), media_type: oddText, data: oddText }),
      fc.record({
        type: fc.constant('content'),
        content: fc.oneof(oddText, fc.array(anthropicText, { maxLength: 2 })),
      }),
    ),
    title: maybe(oddText),
    context: maybe(oddText),
  }),
);
const anthropicBlock = fc.oneof(
  anthropicText,
  fc.record({
    type: fc.constant('image'),
    source: fc.record({ type: fc.constant('base64'), media_type: oddText, data: oddText }),
  }),
  fc.record({ type: fc.constant('tool_use'), id: oddText, name: oddText, input: schemaLike }),
  fc.record({
    type: fc.constant('tool_result'),
    tool_use_id: oddText,
    content: maybe(
      fc.oneof(oddText, fc.array(fc.oneof(anthropicText, anthropicReference), { maxLength: 2 })),
    ),
  }),
  anthropicReference,
  fc.record({ type: fc.constantFrom('thinking', 'redacted_thinking'), thinking: anyValue }),
);

/** Anthropic messages requests of the right shape with odd values. */
export const wellTypedMessages = fc.record(
  {
    model: fc.constantFrom(...MODELS),
    max_tokens: fc.integer({ min: 1, max: 2 ** 31 }),
    messages: fc.array(
      fc.record({
        role: fc.constantFrom('user', 'assistant'),
        content: fc.oneof(oddText, fc.array(anthropicBlock, { maxLength: 3 })),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    system: maybe(oddText),
    tools: maybe(
      fc.array(fc.record({ name: oddText.filter((s) => s !== ''), input_schema: schemaLike }), {
        maxLength: 2,
      }),
    ),
    stop_sequences: maybe(fc.array(oddText, { maxLength: 2 })),
    stream: fc.boolean(),
  },
  { requiredKeys: ['model', 'max_tokens', 'messages'] },
);

const responsesPart = fc.oneof(
  fc.record({ type: fc.constantFrom('input_text', 'output_text'), text: oddText }),
  fc.record({
    type: fc.constant('input_image'),
    image_url: maybe(oddText),
    file_id: maybe(oddText),
  }),
  fc.record({
    type: fc.constant('input_file'),
    file_data: maybe(oddText),
    filename: maybe(oddText),
  }),
  fc.record({ type: fc.constant('refusal'), refusal: oddText }),
);
const responsesItem = fc.oneof(
  fc.record({
    role: fc.constantFrom('user', 'assistant', 'system', 'developer'),
    content: fc.oneof(oddText, fc.array(responsesPart, { maxLength: 3 })),
  }),
  fc.record({
    type: fc.constant('function_call'),
    call_id: oddText,
    name: oddText,
    arguments: oddText,
  }),
  fc.record({
    type: fc.constant('function_call_output'),
    call_id: oddText,
    output: fc.oneof(oddText, fc.array(responsesPart, { maxLength: 2 })),
  }),
  fc.record({
    type: fc.constantFrom('reasoning', 'item_reference', 'web_search_call'),
    id: oddText,
  }),
);

/** OpenAI Responses API requests of the right shape with odd values. */
export const wellTypedResponses = fc.record(
  {
    model: fc.constantFrom(...MODELS),
    input: fc.oneof(oddText, fc.array(responsesItem, { minLength: 1, maxLength: 4 })),
    instructions: maybe(oddText),
    stream: fc.boolean(),
    max_output_tokens: maybe(awkwardNumber),
    tools: maybe(
      fc.array(
        fc.oneof(
          fc.record({
            type: fc.constant('function'),
            name: oddText,
            parameters: maybe(schemaLike),
          }),
          fc.record({ type: fc.constantFrom('web_search', 'file_search') }),
        ),
        { maxLength: 2 },
      ),
    ),
    tool_choice: maybe(fc.oneof(fc.constantFrom('auto', 'none', 'required'), anyJson)),
    text: maybe(
      fc.record({
        format: fc.record({ type: fc.constantFrom('text', 'json_object', 'json_schema', 'x') }),
      }),
    ),
    previous_response_id: maybe(oddText),
  },
  { requiredKeys: ['model', 'input'] },
);

/** Requests right in some fields and of any type in others. */
export const wronglyTypedBody = fc.record(
  {
    model: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...MODELS) }, anyValue),
    messages: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.array(
          fc.record(
            {
              role: fc.oneof(fc.constantFrom('user', 'assistant', 'tool'), anyValue),
              content: fc.oneof(anyText(), anyValue),
              tool_calls: anyValue,
              tool_call_id: anyValue,
              name: anyValue,
              thinking_blocks: anyValue,
            },
            { requiredKeys: [] },
          ),
          { maxLength: 3 },
        ),
      },
      anyValue,
    ),
    max_tokens: fc.oneof(fc.integer({ min: 1, max: 500 }), anyValue),
    stream: fc.oneof(fc.boolean(), anyValue),
    stream_options: anyValue,
    tools: anyValue,
    stop: anyValue,
    thinking: anyValue,
    input: fc.oneof(anyText(), fc.array(anyText(), { maxLength: 3 }), anyValue),
  },
  { requiredKeys: [] },
);

/** A body as sent on the wire: any of the above, any JSON, broken JSON, or plain text. */
export const wireBody = fc.oneof(
  { weight: 3, arbitrary: wellTypedChat.map((b) => JSON.stringify(b)) },
  { weight: 2, arbitrary: wellTypedMessages.map((b) => JSON.stringify(b)) },
  { weight: 2, arbitrary: wellTypedResponses.map((b) => JSON.stringify(b)) },
  { weight: 3, arbitrary: wronglyTypedBody.map((b) => JSON.stringify(b)) },
  { weight: 1, arbitrary: anyJson.map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"model":"openai/gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"max_tokens":1e400}',
      '{"model":"openai/gpt-4o-mini","messages":[{"role":"user","content":"hi"}],"max_tokens":123456789012345678901234567890}',
      '{"model":"openai/gpt-4o-mini","messages":[{"role":"user","content":"\\ud800"}]}',
      '{"model":"openai/gpt-4o-mini","messages":[{"role":"user","content":"hi"}]',
      '{"__proto__":{"admin":true},"model":"openai/gpt-4o-mini","messages":[]}',
      '',
      'null',
    ),
  },
  { weight: 1, arbitrary: anyText(200) },
);
