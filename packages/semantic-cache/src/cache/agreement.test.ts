import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agreedSimilarity } from './agreement.ts';

describe('agreedSimilarity', () => {
  it('maps the floor to the default threshold and keeps 1 at 1', () => {
    assert.equal(agreedSimilarity(0.8, 0.8), 0.95);
    assert.equal(agreedSimilarity(1, 0.8), 1);
    assert.ok(Math.abs(agreedSimilarity(0.9, 0.8) - 0.975) < 1e-9);
  });

  it('leaves a cosine below the floor, or a floor of 1, as it is', () => {
    assert.equal(agreedSimilarity(0.79, 0.8), 0.79);
    assert.equal(agreedSimilarity(0.9, 1), 0.9);
  });
});
