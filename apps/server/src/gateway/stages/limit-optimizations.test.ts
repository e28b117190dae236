import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { newContext } from '../new-context.ts';
import type { ChatCompletionRequest } from '../types.ts';
import {
  CACHE_MAX_KEY_CHARS,
  cacheKeySkipReason,
  IN_THREAD_OPTIMIZE_MESSAGES,
  limitOptimizations,
  OPTIMIZE_MAX_MESSAGES,
  requestCharsUpTo,
  whereToOptimize,
} from './limit-optimizations.ts';

const contextOf = (request: ChatCompletionRequest) => {
  const ctx = newContext('chat', request, undefined, Date.now());
  limitOptimizations(ctx);
  return ctx;
};
const ask = (content: ChatCompletionRequest['messages'][number]['content'], more = {}) =>
  contextOf({ model: 'openai/gpt-4o', messages: [{ role: 'user', content }], ...more });

describe('the limits on what the optimisations read (decision 094)', () => {
  test('a prompt of 8,000 characters of one repeated word is compressed off the event loop', () => {
    // Compression grows faster than the text on such prompts: 80-130 ms of the loop at 8,000.
    assert.equal(whereToOptimize(ask('word '.repeat(1_600))), 'worker');
    assert.equal(whereToOptimize(ask('word '.repeat(800))), 'here');
  });

  test('many short messages leave the loop, and past OPTIMIZE_MAX_MESSAGES are not read', () => {
    const messages = (n: number) =>
      contextOf({
        model: 'openai/gpt-4o',
        messages: Array.from({ length: n }, () => ({ role: 'user' as const, content: '' })),
      });
    assert.equal(whereToOptimize(messages(IN_THREAD_OPTIMIZE_MESSAGES)), 'here');
    assert.equal(whereToOptimize(messages(IN_THREAD_OPTIMIZE_MESSAGES + 1)), 'worker');
    const many = messages(OPTIMIZE_MAX_MESSAGES + 1);
    assert.equal(whereToOptimize(many), 'nowhere');
    assert.deepEqual(many.optimization.skipped, [
      `compression, semantic cache and routing skipped: the request has ${(OPTIMIZE_MAX_MESSAGES + 1).toLocaleString('en-US')} messages, over the ${OPTIMIZE_MAX_MESSAGES.toLocaleString('en-US')} they read`,
    ]);
  });

  test("the cache's keys read images, tools and parameters too, up to CACHE_MAX_KEY_CHARS", () => {
    const image = `data:image/png;base64,${'QUJD'.repeat(CACHE_MAX_KEY_CHARS / 4)}`;
    const withImage = ask([
      { type: 'text', text: 'what is this?' },
      { type: 'image_url', image_url: { url: image } },
    ]);
    // A short prompt by its text...
    assert.ok(withImage.promptChars < 20);
    // ...whose request is over what the cache's keys read.
    assert.match(cacheKeySkipReason(withImage) ?? '', /^semantic cache skipped: the request holds/);
    const tool = (i: number) => ({
      type: 'function',
      function: { name: `tool_${i}`, description: 'd'.repeat(1_000) },
    });
    const manyTools = ask('call a tool', {
      tools: Array.from({ length: 1_100 }, (_, i) => tool(i)),
    });
    assert.ok(cacheKeySkipReason(manyTools));
    const fewTools = ask('call a tool', { tools: Array.from({ length: 10 }, (_, i) => tool(i)) });
    assert.equal(cacheKeySkipReason(fewTools), undefined);
    assert.equal(cacheKeySkipReason(ask('hello')), undefined);
  });

  test('counting stops once past the limit', () => {
    const many = { values: Array.from({ length: 10_000 }, () => 'abcdefghij') };
    assert.equal(requestCharsUpTo(many, 1_000_000), 6 + 100_000);
    assert.ok(requestCharsUpTo(many, 50) < 100);
  });
});
