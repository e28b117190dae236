import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOG_TEXT_MAX_CHARS } from '../../domain/request-log-text.ts';
import type { ChatMessage } from '../types.ts';
import { clip, contentText, messagesText, promptChars } from './message-text.ts';

/** The log text as it was built before: every message joined whole, then clipped. */
const joinedThenClipped = (messages: ChatMessage[]) =>
  clip(messages.map((m) => `${m.role}: ${contentText(m.content)}`).join('\n'));

describe('messagesText', () => {
  it('gives the same text as joining every message and clipping, wherever the clip falls', () => {
    const cases: ChatMessage[][] = [
      [{ role: 'user', content: 'hello' }],
      [{ role: 'user', content: 'x'.repeat(5 * LOG_TEXT_MAX_CHARS) }],
      [
        { role: 'system', content: [{ type: 'text', text: 'be brief' }] },
        { role: 'user', content: null },
      ],
    ];
    // A clip landing inside a message, on a newline, inside a role prefix, right after one.
    for (const cut of [1, 2, 5, 8, 9, 10, 20]) {
      cases.push([
        { role: 'user', content: 'a'.repeat(LOG_TEXT_MAX_CHARS - cut) },
        { role: 'assistant', content: 'b'.repeat(100) },
        { role: 'user', content: 'c'.repeat(100) },
      ]);
    }
    for (const messages of cases) assert.equal(messagesText(messages), joinedThenClipped(messages));
  });
});

describe('promptChars', () => {
  it('counts the characters of string contents and text parts only', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'abc' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'de' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        ],
      },
      { role: 'assistant', content: null },
    ];
    assert.equal(promptChars(messages), 5);
  });
});
