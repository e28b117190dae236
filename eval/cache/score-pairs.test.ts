import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLocalEmbedder } from '@tokenwise/semantic-cache';
import { scorePairs } from './score-pairs.ts';

// Decision 139: the eval asked "would the verifier accept it" at an infinite threshold, where the
// verifier is not asked since decision 124, so every pair read as unverified and every figure
// with the verifier on left out its hits, right and wrong.
test('scorePairs records a pair the pair verifier accepts below the threshold', async () => {
  const [outcome] = await scorePairs(
    [
      {
        group: 'probe',
        domain: 'chat',
        split: 'tune',
        kind: 'paraphrase',
        same: true,
        cached: 'How do I reset the root password in MySQL 8?',
        query: 'forgot mysql 8 root password, how to reset it',
      },
    ],
    createLocalEmbedder(),
  );
  assert.ok(outcome && outcome.similarity < 0.95, 'below the default threshold');
  assert.equal(outcome.verified, true);
});
