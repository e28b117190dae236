import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDateWord } from './date-word.ts';

/** The regex `isDateWord` replaced, kept as the reference. */
const DATE_WORD =
  /^(\d+|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|yesterday)$/;

const WORDS = DATE_WORD.source.slice(2, -2).split('|').slice(1);
const PIECES = [
  '',
  '0',
  '7',
  '2024',
  '1.5',
  '1,000',
  '٣', // Arabic-Indic three
  '３', // fullwidth three
  '²',
  '\n',
  ' ',
  '-',
  'x',
  'th',
  'é',
  'May',
  'MONDAY',
  'mays',
  'marc',
  ...WORDS,
];

describe('isDateWord', () => {
  it('answers what the regex did on every pair of pieces', () => {
    let checked = 0;
    for (const a of PIECES)
      for (const b of PIECES)
        for (const word of [a + b, `${a}${b}${a}`]) {
          assert.equal(isDateWord(word), DATE_WORD.test(word), JSON.stringify(word));
          checked++;
        }
    assert.ok(checked > 3_000);
    assert.equal(isDateWord('2024'), true);
    assert.equal(isDateWord('sunday'), true);
    assert.equal(isDateWord('sundays'), false);
  });
});
