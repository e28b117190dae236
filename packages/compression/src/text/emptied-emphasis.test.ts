import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compressText } from '../compress-text.ts';
import { COMPRESSION_LEVELS } from '../levels.ts';
import { dropEmptiedEmphasis } from './emptied-emphasis.ts';

describe('emphasis markers a removal emptied', () => {
  test('go with the filler they marked, at every level', () => {
    const cases: [string, RegExp][] = [
      ['Please make sure the output is **very important** and **really** clear.', /and clear/],
      ['The **basically** final draft is attached; please review it.', /^(?:The )?[Ff]inal draft/],
      ['I would *really* like a short answer about tides.', /would like/],
      ['Keep it ~~basically~~ short.', /it short/],
    ];
    for (const [text, kept] of cases) {
      for (const level of COMPRESSION_LEVELS) {
        const out = compressText(text, level);
        assert.doesNotMatch(out, /\*\*\s*\*\*|(?<![*\w])\*\*(?![*\w])|~~\s*~~/, `${level}: ${out}`);
        if (level !== 'aggressive') assert.match(out, kept, `${level}: ${out}`);
      }
    }
  });

  test('markers the writer wrote around nothing stay', () => {
    for (const text of [
      'My password shows as **** in the app, basically.',
      'Compute 2 ** 3 in Python, basically.',
      'Fill in the blank, basically: the capital of France is ____.',
    ]) {
      for (const level of ['conservative', 'balanced'] as const) {
        const out = compressText(text, level);
        assert.match(out, /\*\*\*\*|2 \*\* 3|____/, `${level}: ${out}`);
      }
    }
  });

  test('only where the original has no such pair; spaces after one at a line start go too', () => {
    assert.equal(dropEmptiedEmphasis('**** Final draft', 'The **basically** final'), 'Final draft');
    assert.equal(dropEmptiedEmphasis('and **** clear', '**really**'), 'and  clear');
    assert.equal(dropEmptiedEmphasis('and **** clear', 'a **** b **really**'), 'and **** clear');
    // With a power operator in the original, an emptied single pair cannot be told apart: kept.
    assert.equal(
      dropEmptiedEmphasis('2 ** 3 and ** ok', '2 ** 3 and *really* ok'),
      '2 ** 3 and ** ok',
    );
  });

  test('a bold span that closes on a name keeps its closing marker (review)', () => {
    // The name is a placeholder when pairs are sought: "Friday**" must not read as "<gap>**".
    for (const level of COMPRESSION_LEVELS) {
      const out = compressText('Honestly, **the deadline is Friday**. Send the plan.', level);
      assert.match(out, /\*\*[^*]*Friday\*\*/, `${level}: ${out}`);
    }
  });
});
