import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressMessages } from './compress-messages.ts';
import { compressTextWithStages } from './compress-text.ts';
import { COMPRESSION_LEVELS } from './levels.ts';
import { RecentCompressions } from './recent-compressions.ts';

const SYSTEM =
  'You are a very helpful assistant. Please always make sure to answer the question clearly.';
const TURNS = [
  'Could you please tell me what the capital of France is? Thanks so much in advance!',
  'The capital of France is Paris, which is also its largest city.',
  'I would really like to know, basically, how many people actually live there?',
  'About 2.1 million people live in the city of Paris itself.',
  'Please do not use any abbreviations. What is the population of the whole metro area?',
];

describe('RecentCompressions', () => {
  it('gives what compressing anew gives, the first time and from memory', () => {
    const recent = new RecentCompressions();
    for (const level of COMPRESSION_LEVELS) {
      for (const role of ['system', 'user', 'assistant'] as const) {
        for (const text of [SYSTEM, ...TURNS]) {
          const fresh = compressTextWithStages(text, level, role, { isLastUserMessage: false });
          assert.deepEqual(recent.compress(text, level, role), fresh);
          assert.deepEqual(recent.compress(text, level, role), fresh);
        }
      }
    }
  });

  it('stays within its budget of characters', () => {
    const recent = new RecentCompressions(2_000);
    for (let i = 0; i < 50; i++) recent.compress(`${TURNS[i % 5]} (${i})`, 'balanced', 'user');
    assert.ok(recent.heldChars <= 2_000);
    assert.ok(recent.heldChars > 1_000);
  });
});

describe('compressMessages, turn after turn', () => {
  it('compresses each turn of a conversation as it did with nothing remembered', () => {
    const messages = [{ role: 'system', content: SYSTEM }];
    TURNS.forEach((content, i) => {
      messages.push({ role: i % 2 === 0 ? 'user' : 'assistant', content });
      for (const level of COMPRESSION_LEVELS) {
        const result = compressMessages(messages, level);
        // The last user message is compressed with its protections, the rest as history; a
        // closing assistant message is a prefill, sent as written.
        const lastUser = messages.map((m) => m.role).lastIndexOf('user');
        const prefill = messages.at(-1)?.role === 'assistant' ? messages.length - 1 : -1;
        const expected = messages.map((m, index) =>
          index === prefill
            ? m.content
            : m.role === 'system' || index !== lastUser
              ? compressTextWithStages(m.content, level, m.role as 'system', {
                  isLastUserMessage: false,
                }).text
              : compressTextWithStages(m.content, level, 'user', { isLastUserMessage: true }).text,
        );
        assert.deepEqual(
          result.messages.map((m) => m.content),
          expected,
        );
      }
    });
  });
});
