import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChatMessage } from '../types.ts';
import { withoutAnswerAnnotations } from './answer-annotations.ts';

// Decision 185's follow-up: an answer's web_search_queries are restored (the caller's values in
// place of the placeholders), and an OpenAI-format provider takes a message's other fields as sent.
test("an earlier answer's annotations and web search queries do not go back in the history", () => {
  const answer = {
    role: 'assistant',
    content: 'Jane is listed.',
    annotations: [{ type: 'url_citation', url_citation: { url: 'https://a.example' } }],
    web_search_queries: ['jane.doe@example.com staff page'],
  } as ChatMessage;
  const user: ChatMessage = { role: 'user', content: 'Thanks.' };
  const kept = withoutAnswerAnnotations([answer, user]);
  assert.deepEqual(kept, [{ role: 'assistant', content: 'Jane is listed.' }, user]);
  const queriesOnly = { role: 'assistant', content: 'x', web_search_queries: ['q'] } as ChatMessage;
  assert.deepEqual(withoutAnswerAnnotations([queriesOnly]), [{ role: 'assistant', content: 'x' }]);
  const plain = [user];
  assert.equal(withoutAnswerAnnotations(plain), plain, 'the same array when none has any');
});
