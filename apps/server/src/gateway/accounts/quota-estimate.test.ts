import assert from 'node:assert/strict';
import { test } from 'node:test';
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
