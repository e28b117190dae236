// Decision 240, review: the pasted-quote mask must not take what is not a pasted quote (a JSON
// list of strings, a stray mark closed by a height in inches), and must take a letter whose
// opening mark follows the user's "it says:" on the same line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';
import { COMPRESSION_LEVELS } from './levels.ts';
import { findQuotedBlocks } from './protect/mask-quoted-blocks.ts';

describe('pasted quotes, review of decision 240', () => {
  it('still minifies a pasted JSON list with one string a line', () => {
    const text =
      'Sort this list alphabetically:\n[\n  "banana",\n  "apple",\n  "cherry"\n]\nKeep the JSON.';
    for (const level of COMPRESSION_LEVELS)
      assert.match(compressText(text, level), /\["banana","apple","cherry"\]/, level);
  });

  it('does not read a height in feet and inches as the end of a quote', () => {
    const text =
      '"Quick question about sizing for a jacket I am basically thinking of buying online.\nI am honestly not sure which size to pick.\nMy height is 5\' 11"\nWhich size should I get?';
    const out = compressText(text, 'balanced');
    assert.doesNotMatch(out, /basically|honestly/, out);
    assert.match(out, /5' 11"/, out);
  });

  it('leaves a letter alone whose opening mark follows a colon on the line that introduces it', () => {
    const letter =
      '"Dear tenant,\nPlease be advised that in accordance with clause 4 of your tenancy agreement, the rent will increase by 5% from 1 March.\nKind regards, Property Management"';
    const text = `I got this letter from my landlord and I honestly do not understand it: ${letter}\nCan you please explain it simply?`;
    for (const level of COMPRESSION_LEVELS) {
      const out = compressText(text, level);
      assert.ok(out.includes(letter), `${level}: ${out}`);
      assert.doesNotMatch(out, /honestly/, level);
    }
  });

  it('takes a line that opens a quote and never closes it once, not once per later line', () => {
    // Counted, not timed: every line is read a bounded number of times however many open quotes
    // precede it. 2,048 lines that each open a curly quote held the event loop 50-100 ms.
    let reads = 0;
    const lines = Array.from({ length: 2048 }, () => '“');
    const counting = new Proxy(lines, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    assert.deepEqual(findQuotedBlocks(counting), []);
    assert.ok(reads <= 4 * lines.length, `${reads} line reads for ${lines.length} lines`);
  });
});
