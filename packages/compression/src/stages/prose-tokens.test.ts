import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PROSE_TOKEN, proseTokenEnd } from './linking-prepositions.ts';
import { ACCENTED_NEXT, accentedNext } from './prune-low-information.ts';

describe('proseTokenEnd', () => {
  const lines = [
    "The owner of the building — Zoë’s — won't sell; state-of-the-art, x2 _a b_ 9lives",
    '\uE000\uE011\uE001 \uE000\uE010\uE04F\uE001x \uE000\uE001 \uE000\uE011 \uE000\uE050\uE001 \uE001a',
    "don’t ’tis -dash- it's 'quoted' A-B-C ſo \u212Aelvin İs naïve café😀ok",
    '',
    '\uE000',
  ];

  it('ends each token where the regex, matching from every place, ends it', () => {
    for (const line of lines) {
      const regex = new RegExp(PROSE_TOKEN.source, 'y');
      for (let at = 0; at <= line.length; at += 1) {
        regex.lastIndex = at;
        const m = regex.exec(line);
        assert.equal(
          proseTokenEnd(line, at),
          m ? at + m[0].length : -1,
          `${JSON.stringify(line)} at ${at}`,
        );
      }
    }
  });
});

describe('accentedNext', () => {
  it('answers as the regex on every character of the basic plane, and past the end', () => {
    for (let c = 0; c <= 0xffff; c += 1) {
      const line = `a${String.fromCharCode(c)}`;
      assert.equal(
        accentedNext(line, 1),
        ACCENTED_NEXT.test(line.charAt(1)),
        `U+${c.toString(16)}`,
      );
    }
    assert.equal(accentedNext('ab', 2), false);
  });
});
