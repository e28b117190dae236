import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eitherOf, patternsFound } from './pattern-sets.ts';

const DESIGN = /\bdesign\b/i;
const EXPLAIN = /\bhow does [^.?!\n]{1,80}\bwork\b/i;
const PLAN = /\bplan\b/i;

describe('patternsFound', () => {
  const found = patternsFound([EXPLAIN, DESIGN, PLAN]);

  it('finds a pattern whose only match lies inside an earlier match of another', () => {
    // 'design' sits inside the explanation's match: a plain global alternation would skip it.
    assert.equal(found('How does the design work?'), 0b011);
  });

  it('finds a pattern hidden behind another alternative at the same position', () => {
    const both = patternsFound([/\bplan\b/i, /\bplan(?:s|ned)?\b/i]);
    assert.equal(both('We plan ahead.'), 0b11);
  });

  it('gives the same answer as testing each pattern on its own', () => {
    const texts = [
      '',
      'plan',
      'How does it work? Then plan the design.',
      'design design',
      'nothing',
    ];
    for (const text of texts) {
      const one = [EXPLAIN, DESIGN, PLAN].reduce(
        (bits, p, i) => bits | (p.test(text) ? 1 << i : 0),
        0,
      );
      assert.equal(found(text), one, text);
    }
  });

  it('refuses patterns it cannot combine exactly', () => {
    assert.throws(() => patternsFound([/(a)/i]), /capture groups/);
    assert.throws(() => patternsFound([/a/i, /b/]), /share their flags/);
  });
});

describe('eitherOf', () => {
  it('keeps each alternative anchored as written', () => {
    const either = eitherOf([/^panic: /, /;\s*$/]);
    assert.equal(either.test('panic: x'), true);
    assert.equal(either.test('no panic: here'), false);
    assert.equal(either.test('x = 1;'), true);
  });

  it('refuses back-references, which would point elsewhere once combined', () => {
    assert.throws(() => eitherOf([/(a)/, /(b)\1/]), /back-references/);
  });
});
