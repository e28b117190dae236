import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { independentFile, readIndependentHalf } from './independent-set.ts';

// A held-out half edited after its figures were seen becomes a second tuning set (decision 159).
test('the frozen independent PII held-out half keeps the checksum in its README', () => {
  const sum = createHash('sha256')
    .update(readFileSync(independentFile('heldout')))
    .digest('hex');
  assert.equal(sum, '961b9116db96b290f8d58c3cdb3d3c082ccfab2e23bc932260c2cc16d7377543');
});

test('both independent PII halves parse, with labelled values that slice back out of the text', () => {
  for (const half of ['tune', 'heldout'] as const) {
    const sentences = readIndependentHalf(half);
    assert.ok(sentences.length >= 200, half);
    assert.ok(sentences.filter((s) => s.category === 'hard_negative').length >= 60, half);
    for (const s of sentences)
      for (const span of s.spans) assert.equal(s.text.slice(span.start, span.end), span.value);
  }
});
