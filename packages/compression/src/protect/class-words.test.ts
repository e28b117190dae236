import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LEVEL_SETTINGS } from '../levels.ts';
import { FUNCTION_WORDS, RECOVERABLE_WORDS } from '../text/word-lists.ts';
import { classRegex, findClassWord } from './class-words.ts';

// Every class a role mask reads, one with a word in "k" (the Kelvin sign folds to it), and one the
// scan must leave to the regex (a word with a space).
const CLASSES: ReadonlySet<string>[] = [
  ...Object.values(LEVEL_SETTINGS).flatMap((s) => [
    s.prunableInRules,
    s.prunableInRequests,
    s.prunableInUserContext,
  ]),
  RECOVERABLE_WORDS,
  new Set([...FUNCTION_WORDS, "you're", 'you’re']),
  new Set(['kind', 'so', 'a']),
  new Set(['the', 'as well', 'a']),
];

/** Each word of the class next to what decides whether the regex takes it. */
function textsFor(words: ReadonlySet<string>): string[] {
  const neighbours = ['', ' ', '.', 'é', 'ñ', '’', "'", '-', '_', '7', 'ſ', '\u212A', 'İ', '😀'];
  const placeholder = '\uE000\uE011\uE001';
  return [...words].flatMap((w) => [
    `${w} few and ${w} than ${w} not`,
    `What ${w} options ${w} in the UK? How long ${w} wait ${w}`,
    `${w.toUpperCase()}, ${w[0]?.toUpperCase()}${w.slice(1)} ${placeholder}${w} ${w}${placeholder}`,
    ...neighbours.map((n) => `${n}${w} x ${w}${n} ${n}${w}${n}`),
    `ſ${w.slice(1)} \u212A${w.slice(1)} ${w.replace('s', 'ſ').replace('k', '\u212A')}`,
  ]);
}

describe('findClassWord', () => {
  it('finds, from every place, what the class regex finds from there', () => {
    let found = 0;
    for (const words of CLASSES) {
      const pattern = classRegex(words);
      for (const text of textsFor(words)) {
        for (let from = 0; from <= text.length; from += 1) {
          pattern.lastIndex = from;
          const m = pattern.exec(text);
          const expected = m ? { index: m.index, text: m[0] } : undefined;
          assert.deepEqual(
            findClassWord(words, text, from),
            expected,
            `${JSON.stringify(text)} from ${from}`,
          );
          if (m) found += 1;
        }
      }
    }
    assert.ok(found > 10_000, `found ${found}`);
  });
});
