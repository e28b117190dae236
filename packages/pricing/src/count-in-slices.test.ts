import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countInSlices } from './count-in-slices.ts';

/** Every character JavaScript's `\s` matches, and characters next to them that it does not. */
const SPACES = [...'\t\n\v\f\r \u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'];
const NOT_SPACES = [
  ...'x.\u0008\u000e\u001f\u0085\u009f\u00a1\u180e\u1fff\u200b\u2027\u202a\u2030\u205e\u2060\u2fff\u3001\ufefe\uffff',
  '\ud83d',
  '\ude00',
  '😀',
];

/** The texts `count` is handed, in order: what decides the total. */
function handed(text: string): string[] {
  const seen: string[] = [];
  countInSlices((s) => {
    seen.push(s);
    return 1;
  }, text);
  return seen;
}

/** The slices as the run pattern finds them (decision 207 kept it for texts with a long run). */
function slicedByPattern(text: string): string[] {
  if (text.length <= 256) return text.length === 0 ? [] : [text];
  const longRun = /(?<!\S)\S{257,}|(?<!\s)\s{257,}/g;
  const out: string[] = [];
  const plain = (s: string) => {
    if (s.length > 0) out.push(s);
  };
  let from = 0;
  for (const run of text.matchAll(longRun)) {
    plain(text.slice(from, run.index));
    for (let i = 0; i < run[0].length; i += 256) plain(run[0].slice(i, i + 256));
    from = run.index + run[0].length;
  }
  plain(text.slice(from));
  return out;
}

describe('countInSlices', () => {
  it('hands the tokenizer the same slices as the run pattern, at and around the run limit', () => {
    for (const c of [...SPACES, ...NOT_SPACES])
      for (const length of [255, 256, 257, 258, 300, 513])
        for (const [before, after] of [
          ['', ''],
          ['a ', ' b'],
          ['a\n', 'b'],
          ['xy', ''],
          ['', '\t\t'],
        ]) {
          const text = `${before}${c.repeat(length)}${after}`;
          assert.deepEqual(
            handed(text),
            slicedByPattern(text),
            JSON.stringify([c, length, before]),
          );
        }
  });

  it('a run broken by one character of the other class is two runs', () => {
    for (const s of SPACES)
      for (const n of NOT_SPACES) {
        const half = n.repeat(200 / n.length);
        const text = `${half}${s}${half} ${s.repeat(130)}${n}${s.repeat(130)}`;
        assert.deepEqual(handed(text), slicedByPattern(text));
        assert.equal(handed(text).length, 1);
      }
  });

  it('ordinary prose of any length is counted whole, in one call', () => {
    const prose = 'The quarterly report is due on Friday.\nPlease check the totals.  '.repeat(80);
    assert.deepEqual(handed(prose), [prose]);
    assert.deepEqual(handed(''), []);
  });

  it('random texts over space and non-space characters', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet = [...SPACES, ...NOT_SPACES];
    for (let t = 0; t < 300; t += 1) {
      let text = '';
      while (text.length < 1200) {
        const c = alphabet[Math.floor(next() * alphabet.length)] as string;
        text += c.repeat(1 + Math.floor(next() ** 4 * 400));
      }
      assert.deepEqual(handed(text), slicedByPattern(text));
    }
  });
});
