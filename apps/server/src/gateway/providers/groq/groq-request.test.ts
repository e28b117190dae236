import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChatMessage } from '../../types.ts';
import { bodyOf, META, targetFor, translate } from '../testing/fixtures.ts';
import { groqAdapter } from './adapter.ts';

const target = targetFor('groq');

test('fields Groq answers 400 to are dropped, the rest passes', () => {
  const spec = groqAdapter.chatRequest(
    {
      model: 'm',
      logprobs: true,
      top_logprobs: 2,
      logit_bias: { 1: 1 },
      reasoning_format: 'hidden',
      messages: [
        { role: 'developer', content: 'Rules.' },
        { role: 'user', name: 'alice', content: 'hi' },
      ],
    },
    target,
  );
  assert.equal(spec.url, 'https://provider.test/v1/chat/completions');
  const body = bodyOf(spec);
  for (const field of ['logprobs', 'top_logprobs', 'logit_bias'])
    assert.equal(body[field], undefined);
  assert.equal(body.reasoning_format, 'hidden');
  const messages = body.messages as ChatMessage[];
  assert.equal(messages[0]?.role, 'system');
  // Groq's reference lists `name` on system, user and assistant messages (decision 202).
  assert.equal(messages[1]?.name, 'alice');
  assert.equal(messages[1]?.content, 'hi');
});

test('each message keeps only the properties Groq lists for its role, down to parts and calls', () => {
  const history = [
    {
      role: 'user',
      name: 'ana',
      tool_call_id: 'stray',
      metadata: { gradio: true },
      content: [
        { type: 'text', text: 'This?', cache_control: { type: 'ephemeral' } },
        { type: 'image_url', image_url: { url: 'https://x.test/a.png', detail: 'low', x: 1 } },
        { type: 'input_audio', input_audio: { data: 'AAA', format: 'wav' } },
      ],
    },
    {
      role: 'assistant',
      content: null,
      refusal: null,
      annotations: [],
      audio: null,
      reasoning_content: 'Looking',
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'look', arguments: '{}' },
          index: 0,
          cache_control: { type: 'ephemeral' },
        },
      ],
    },
    { role: 'tool', tool_call_id: 'call_1', name: 'look', is_error: true, content: 'failed' },
    { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
  ] as unknown as ChatMessage[];
  const spec = groqAdapter.chatRequest({ model: 'm', messages: history }, target);
  assert.deepEqual(bodyOf(spec).messages, [
    {
      role: 'user',
      name: 'ana',
      content: [
        { type: 'text', text: 'This?' },
        { type: 'image_url', image_url: { url: 'https://x.test/a.png', detail: 'low' } },
        // A part type Groq does not take goes as sent: its own 400 names it; dropping it would not.
        { type: 'input_audio', input_audio: { data: 'AAA', format: 'wav' } },
      ],
    },
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'look', arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 'call_1', content: 'failed' },
    // OpenAI's refusal is what the model said; Groq has no field for it, so it is the content.
    { role: 'assistant', content: 'I cannot help with that.' },
  ]);
});

test('what an OpenAI answer said outside `content` reaches Groq as content (decision 202 review)', () => {
  const history = [
    { role: 'user', content: 'Say hi aloud.' },
    // An audio answer as the SDK gave it: the words are only in the transcript.
    {
      role: 'assistant',
      content: null,
      refusal: null,
      audio: { id: 'audio_1', data: 'AAA', expires_at: 1, transcript: 'Hi there!' },
    },
    { role: 'user', content: 'And this?' },
    // A refusal written as a content part, as OpenAI's reference allows for assistant turns.
    { role: 'assistant', content: [{ type: 'refusal', refusal: 'I cannot help with that.' }] },
  ] as unknown as ChatMessage[];
  const spec = groqAdapter.chatRequest({ model: 'm', messages: history }, target);
  const sent = bodyOf(spec).messages as Record<string, unknown>[];
  assert.deepEqual(sent[1], { role: 'assistant', content: 'Hi there!' });
  assert.deepEqual(sent[3], {
    role: 'assistant',
    content: [{ type: 'text', text: 'I cannot help with that.' }],
  });
});

test('stream: usage under x_groq is picked up', () => {
  const translator = groqAdapter.streamTranslator(target, META);
  const usage = { prompt_tokens: 8, completion_tokens: 3, total_tokens: 11, queue_time: 0.01 };
  const out = translate(translator, [
    {
      model: 'llama',
      choices: [{ index: 0, delta: { role: 'assistant', content: 'Yo' }, finish_reason: null }],
    },
    {
      model: 'llama',
      choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      x_groq: { id: 'req_1', usage },
    },
    '[DONE]',
  ]);
  assert.equal(translator.usage()?.total_tokens, 11);
  assert.equal(out.at(-1)?.usage?.prompt_tokens, 8);
  assert.equal(out.filter((c) => c.usage).length, 1);
});

test("an earlier Claude or Gemini answer's gateway fields in the history do not reach Groq", () => {
  const answer = {
    role: 'assistant',
    content: 'High tide is at 14:05.',
    thinking_blocks: [{ type: 'thinking', thinking: 'Tides…', signature: 'sig' }],
    text_blocks: [{ type: 'text', text: 'High tide is at 14:05.', citations: [] }],
    web_search_queries: ['high tide London'],
    extra_content: { google: { thought_signature: 'x' } },
  } as unknown as ChatMessage;
  const spec = groqAdapter.chatRequest(
    { model: 'm', messages: [{ role: 'user', content: 'Tides?' }, answer] },
    target,
  );
  const sent = (bodyOf(spec).messages as Record<string, unknown>[])[1];
  assert.deepEqual(sent, { role: 'assistant', content: 'High tide is at 14:05.' });
});
