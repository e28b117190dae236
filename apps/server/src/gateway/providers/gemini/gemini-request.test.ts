import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type ChatCompletionRequest, GatewayError } from '../../types.ts';
import { bodyOf, targetFor } from '../testing/fixtures.ts';
import { geminiAdapter } from './adapter.ts';

const target = targetFor('gemini', {
  model: 'models/gemini-2.5-flash',
  baseUrl: 'https://g.test/',
});
const build = (req: Partial<ChatCompletionRequest>) =>
  bodyOf(geminiAdapter.chatRequest({ model: 'm', messages: [], ...req }, target));

test('URLs for answers and streams, key in x-goog-api-key', () => {
  const plain = geminiAdapter.chatRequest({ model: 'm', messages: [] }, target);
  assert.equal(plain.url, 'https://g.test/v1beta/models/gemini-2.5-flash:generateContent');
  assert.equal(plain.headers['x-goog-api-key'], 'sk-test');
  const stream = geminiAdapter.chatRequest({ model: 'm', stream: true, messages: [] }, target);
  assert.equal(
    stream.url,
    'https://g.test/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
  );
});

test('a tool conversation: model role, functionCall, functionResponse named after its call', () => {
  const body = build({
    messages: [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,QUJD' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_9', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_9', content: '{"hits":2}' },
      { role: 'tool', tool_call_id: 'call_unknown', name: 'other', content: 'plain text' },
    ],
  });
  assert.deepEqual(body.systemInstruction, { parts: [{ text: 'Be brief.' }] });
  assert.deepEqual(body.contents, [
    {
      role: 'user',
      parts: [{ text: 'Look' }, { inlineData: { mimeType: 'image/png', data: 'QUJD' } }],
    },
    { role: 'model', parts: [{ functionCall: { name: 'lookup', args: { q: 'x' } } }] },
    {
      role: 'user',
      parts: [
        { functionResponse: { name: 'lookup', response: { hits: 2 } } },
        { functionResponse: { name: 'other', response: { output: 'plain text' } } },
      ],
    },
  ]);
});

test('tool schemas lose the keywords Gemini refuses; tool_choice maps to functionCallingConfig', () => {
  const body = build({
    tools: [
      {
        type: 'function',
        function: {
          name: 'f',
          parameters: {
            $schema: 'http://json-schema.org/draft-07/schema#',
            type: 'object',
            additionalProperties: false,
            properties: {
              when: { type: ['string', 'null'], format: 'date-time' },
              mode: { const: 'fast' },
            },
            required: ['when'],
          },
        },
      },
    ],
    tool_choice: { type: 'function', function: { name: 'f' } },
  });
  assert.deepEqual(body.tools, [
    {
      functionDeclarations: [
        {
          name: 'f',
          parameters: {
            type: 'object',
            properties: {
              when: { type: 'string', format: 'date-time', nullable: true },
              mode: { enum: ['fast'] },
            },
            required: ['when'],
          },
        },
      ],
    },
  ]);
  assert.deepEqual(body.toolConfig, {
    functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['f'] },
  });
  assert.deepEqual(
    build({ tools: [], tool_choice: 'none' }).toolConfig,
    undefined,
    'no tools, no config',
  );
});

test('generationConfig carries sampling and JSON output', () => {
  const body = build({
    temperature: 0.2,
    top_p: 0.9,
    max_tokens: 100,
    stop: ['###'],
    seed: 4,
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'r', schema: { type: 'object', additionalProperties: false } },
    },
  });
  assert.deepEqual(body.generationConfig, {
    temperature: 0.2,
    topP: 0.9,
    maxOutputTokens: 100,
    stopSequences: ['###'],
    seed: 4,
    responseMimeType: 'application/json',
    responseSchema: { type: 'object' },
  });
  assert.equal(build({}).generationConfig, undefined);
});

const withParameters = (parameters: Record<string, unknown>) =>
  build({ tools: [{ type: 'function', function: { name: 'f', parameters } }] });

const refused = (err: unknown) => {
  assert.ok(err instanceof GatewayError, String(err));
  assert.equal(err.status, 400);
  return true;
};

test('a $ref with a broken %-escape is a 400 naming the reference, not a 500', () => {
  assert.throws(
    () => withParameters({ type: 'object', properties: { a: { $ref: '#/$defs/%E0%A4%A' } } }),
    (err) => refused(err) && /does not point inside the schema/.test((err as Error).message),
  );
});

test('references that fan out past what a schema holds written out are a 400, not a blow-up', () => {
  // Each definition refers to the next twice: 2^18 copies of the last one written out in full.
  const depth = 18;
  const $defs: Record<string, unknown> = { d18: { type: 'string' } };
  for (let i = 0; i < depth; i++) {
    const next = { $ref: `#/$defs/d${i + 1}` };
    $defs[`d${i}`] = { type: 'object', properties: { left: next, right: next } };
  }
  assert.throws(
    () => withParameters({ $defs, $ref: '#/$defs/d0' }),
    (err) => refused(err) && /too large written out/.test((err as Error).message),
  );
});
