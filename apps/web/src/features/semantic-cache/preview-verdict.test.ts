/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { CachePreview } from '@tokenwise/contracts';
import { previewVerdict } from './preview-verdict.ts';

const match = { id: 'e1', prompt_preview: 'How do I turn on dark mode?' };
const base: CachePreview = {
  would_hit: false,
  layer: null,
  similarity: 0.97,
  match,
  refused_by: null,
  threshold: 0.95,
};

describe('cache preview verdict', () => {
  test('a hit says the cached answer would be used, with the score against the threshold', () => {
    const v = previewVerdict({ ...base, would_hit: true });
    assert.equal(v.hit, true);
    assert.equal(v.refusedBy, null);
    assert.match(v.explanation, /0\.97 reaches the threshold 0\.95/);
  });

  test('a guard refusal names the guard and what differs', () => {
    const v = previewVerdict({ ...base, refused_by: 'negation' });
    assert.equal(v.hit, false);
    assert.equal(v.refusedBy, 'Negation guard');
    assert.match(v.explanation, /differ in a negation/);
    assert.equal(
      previewVerdict({ ...base, refused_by: 'code_identifier' }).refusedBy,
      'Code identifier guard',
    );
  });

  test('a weak match is blamed on the threshold, an empty cache on nothing', () => {
    const weak = previewVerdict({ ...base, similarity: 0.81, refused_by: 'threshold' });
    assert.equal(weak.refusedBy, 'Similarity threshold');
    assert.match(weak.explanation, /0\.81, below the threshold 0\.95/);
    const empty = previewVerdict({ ...base, similarity: null, match: null });
    assert.equal(empty.refusedBy, null);
    assert.match(empty.explanation, /Nothing comparable is cached/);
  });

  test('a cache turned off says the prompt goes to the provider, however close the match', () => {
    const v = previewVerdict({ ...base, similarity: 1, refused_by: 'disabled' });
    assert.equal(v.hit, false);
    assert.equal(v.refusedBy, 'Cache disabled');
    assert.match(v.explanation, /turned off/);
  });
});
