// Issue 17: the aggressive level keeps the subject of a clause whose verb it keeps (decision 068).
// Each case lost its subject, or the predicate an adverb parted from its auxiliary, before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compressText } from './compress-text.ts';

const cases: { text: string; kept: string[] }[] = [
  {
    // The subject and the phrases that say which: not "Noticed that in Germany now missing".
    text: 'I deployed the new version yesterday and I noticed that invoices for customers in Germany are now missing the VAT line.',
    kept: ['invoices for customers in Germany', 'missing'],
  },
  {
    // A predicate past an adverb.
    text: 'I noticed that the reports for managers in Spain were suddenly empty this morning.',
    kept: ['reports for managers in Spain', 'empty'],
  },
  {
    // A passive clause: what was done to what.
    text: 'Yesterday the old printer in the basement was replaced by the facilities team.',
    kept: ['old printer in basement', 'replaced'],
  },
  {
    // A relative clause after a task: "where the amount is empty".
    text: 'Please skip every row where the amount is empty, and keep the others.',
    kept: ['amount', 'empty'],
  },
  {
    // A negated auxiliary, contracted before pruning ("does not" → "doesn't"): the subject went,
    // "Doesn't cache rates", nobody saying which part does not (decision 127).
    text: 'Our payment service is slow. The database does not cache the exchange rates, and the worker retries every failed job.',
    kept: ['database', "doesn't cache"],
  },
  {
    text: 'The export ran overnight. The caller does not check the result, so the tests pass on the main branch.',
    kept: ['caller', "doesn't check"],
  },
];

describe('aggressive keeps the subject of a kept verb', () => {
  for (const { text, kept } of cases) {
    it(kept.join(', '), () => {
      const out = compressText(text, 'aggressive', 'user');
      assert.ok(out.length < text.length, `nothing was compressed: ${out}`);
      for (const words of kept)
        assert.ok(out.toLowerCase().includes(words.toLowerCase()), `lost "${words}": ${out}`);
    });
  }

  it('drops "has" between a kept subject and its participle, as a telegram does', () => {
    const out = compressText(
      'The cost of the new license for the design team has doubled since the renewal last spring.',
      'aggressive',
      'user',
    );
    assert.match(out, /cost of new license for design team doubled/i);
    // Balanced keeps the auxiliary: it drops only what a reader restores without reading twice.
    assert.match(
      compressText('The team has shipped every release on time.', 'balanced', 'user'),
      /team has shipped/i,
    );
  });

  it('drops a demonstrative before its noun, not one that stands for a noun', () => {
    assert.doesNotMatch(
      compressText(
        'This report lists every open ticket for the support team in Lisbon.',
        'aggressive',
        'user',
      ),
      /\bthis\b/i,
    );
    assert.match(
      compressText('Please ask about these if anything is unclear.', 'aggressive', 'user'),
      /about these/,
    );
  });

  it('still drops the auxiliary and the articles around them', () => {
    const out = compressText(cases[1]?.text ?? '', 'aggressive', 'user');
    assert.doesNotMatch(out, /\b(the|were)\b/);
  });
});
