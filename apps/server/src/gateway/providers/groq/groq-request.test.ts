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
  assert.equal(messages[1]?.name, undefined);
  assert.equal(messages[1]?.content, 'hi');
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
