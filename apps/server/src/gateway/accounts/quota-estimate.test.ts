import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProviderId } from '@tokenwise/pricing';
import { pngHeader, toDataUrl } from '../request/testing/image-headers.ts';
import type { ChatCompletionRequest } from '../types.ts';
import { fromAnthropicRequest } from '../wire/anthropic-format.ts';
import { estimateRequestTokens } from './quota-estimate.ts';

// The estimate is the quota held while the call runs: it must not fall short of the prompt.
test('the texts of search results and documents Claude gets as its own blocks count in the quota estimate (decision 162)', () => {
  const passage = 'The contract runs until 2027 and renews every year. '.repeat(1_000);
  const bytes = Buffer.byteLength(passage);
  const searchResult = {
    type: 'search_result',
    source: 'https://wiki.example.com/contracts',
    title: 'Contracts',
    content: [{ type: 'text', text: passage }],
  };
  const document = { type: 'document', source: { type: 'content', content: passage } };
  for (const block of [searchResult, document]) {
    for (const inToolResult of [true, false]) {
      const request = fromAnthropicRequest({
        model: 'claude-sonnet-4-5',
        max_tokens: 10,
        messages: [
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 't1', name: 'search', input: {} }],
          },
          {
            role: 'user',
            content: inToolResult
              ? [{ type: 'tool_result', tool_use_id: 't1', content: [block] }]
              : [block],
          },
        ],
      });
      const estimate = estimateRequestTokens(request);
      assert.ok(
        estimate >= bytes,
        `${block.type}, in a tool result: ${inToolResult}: ${estimate} < ${bytes}`,
      );
    }
  }
});

// Before: every image was held at 1,000 tokens, whatever its size (decision 175).
test('images are held at what their provider counts for their size, read from the header', () => {
  const photo = toDataUrl('image/png', pngHeader(4032, 3024));
  const thumbnail = toDataUrl('image/png', pngHeader(64, 64));
  const request = (url: string, detail?: string): ChatCompletionRequest => ({
    model: 'x',
    messages: [
      {
        role: 'user',
        content: Array.from({ length: 10 }, () => ({
          type: 'image_url' as const,
          image_url: { url, ...(detail && { detail }) },
        })),
      },
    ],
  });
  const held = (req: ChatCompletionRequest, provider?: ProviderId) =>
    estimateRequestTokens(req, provider) - PER_MESSAGE;
  assert.equal(held(request(photo), 'anthropic'), 10 * 1_600);
  assert.equal(held(request(photo), 'openai'), 10 * 765);
  assert.equal(held(request(photo, 'low'), 'openai'), 10 * 85);
  assert.equal(held(request(photo), 'gemini'), 10 * 258 * 6 * 4);
  assert.equal(held(request(thumbnail), 'anthropic'), 10 * 6);
  // The provider unknown: the largest rule. An image by URL: the most one can cost there.
  assert.equal(held(request(photo)), 10 * 258 * 6 * 4);
  assert.equal(held(request('https://example.com/a.png'), 'anthropic'), 10 * 1_600);
});

const PER_MESSAGE = 8;
