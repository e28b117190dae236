import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { everyText } from '../testing/every-text.ts';
import { tidy } from './tidy.ts';

/** tidy as it was before its repairs were guarded: every repair run on every text. */
function tidyUnguarded(text: string): string {
  return text
    .replace(/[,;:]+(?=[.!?])|,(?=,)|(?<=[.!?]),/g, '')
    .replace(/([.!?])(?: +[.!?])+(?=\s|$)|(?<!\.)(\.)\.(?!\.)/g, '$1$2')
    .replace(/(?<=\S) +(?=[,.;:!?](?:\s|$))|[ \t]+$/gm, '')
    .replace(/(\S) {2,}/g, '$1 ')
    .replace(/^[ \t]*[,;:.](?![\w\uE000])[ \t]*/gm, '')
    .replace(/\n{3,}|^\n+|\n+$/g, (run, offset: number, whole: string) =>
      offset === 0 || offset + run.length === whole.length ? '' : '\n\n',
    );
}

// Every character a repair reads, a letter, a placeholder's and the other line terminators.
const ALPHABET = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\u2028',
  ',',
  ';',
  ':',
  '.',
  '!',
  '?',
  'a',
  'B',
  '_',
  '\uE000',
];

describe('tidy skips a repair only where it cannot match (seams.ts)', () => {
  it('gives what every repair run in turn gives, on every text of up to five of the characters the repairs read', () => {
    for (const text of everyText(ALPHABET, 5))
      assert.equal(tidy(text), tidyUnguarded(text), JSON.stringify(text));
  });

  it('gives the same on each seam alone and on prose around it', () => {
    const seams = [
      ', .',
      ',,',
      '.,',
      'a . !',
      'a..',
      'a ...',
      'a ,',
      'a \n',
      'a\t',
      'a  b',
      '\n, a',
      ' \t: a',
      '\n\n\n',
      '\na',
      'a\n',
      ';!',
      ':?',
      'a ! ?',
    ];
    for (const seam of seams)
      for (const text of [seam, `Keep this. ${seam} And this`, `${seam}\r\n. x`])
        assert.equal(tidy(text), tidyUnguarded(text), JSON.stringify(text));
  });
});
