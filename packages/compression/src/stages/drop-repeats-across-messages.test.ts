import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressMessages } from '../compress-messages.ts';

const context =
  'The standing desk adjusts from 62 cm to 127 cm at the touch of a button and supports up to 120 kg.';

describe('dropRepeatsAcrossMessages (through compressMessages)', () => {
  it('drops the earlier copy of context sent again with a later turn, at every level', () => {
    for (const level of ['conservative', 'balanced', 'aggressive'] as const) {
      const messages = [
        { role: 'system', content: `Answer from the context.\n\n${context}` },
        { role: 'user', content: `${context}\n\nHow tall can it go?` },
        { role: 'assistant', content: 'It goes up to 127 cm.' },
        { role: 'user', content: `${context}\n\nAnd how much weight does it hold?` },
      ];
      const out = compressMessages(messages, level).messages.map((m) => m.content as string);
      assert.ok(!out[1]?.includes('62 cm'), `${level}: ${out[1]}`);
      assert.match(out[1] ?? '', /How tall/);
      // The latest copy, beside the question that reads it, and the system prompt stay.
      assert.ok(out[3]?.includes('62 cm'), `${level}: ${out[3]}`);
      assert.ok(out[0]?.includes('62 cm'), `${level}: ${out[0]}`);
    }
  });

  it('keeps code, short paragraphs and a message that is only the repeat', () => {
    const code = '```\nconst total = items.reduce((sum, item) => sum + item.price, 0);\n```';
    const messages = [
      { role: 'user', content: `${code}\n\nThe build works now.` },
      { role: 'assistant', content: context },
      { role: 'user', content: `${code}\n\nThe build works now.\n\n${context}\n\nWhy?` },
    ];
    const out = compressMessages(messages, 'conservative').messages;
    assert.equal(out[0]?.content, messages[0]?.content);
    assert.equal(out[1]?.content, context);
  });
});
