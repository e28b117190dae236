import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stageShares } from './stage-shares.ts';

test('each stage is its share of what the stages saved, adding up to 100%', () => {
  assert.deepEqual(stageShares({ cache: 3, compression: 1, routing: 0 }), {
    cache: { percent: 75, costMore: false },
    compression: { percent: 25, costMore: false },
    routing: { percent: 0, costMore: false },
  });
});

test('a stage that cost more is measured against the savings and marked, never pushing others past 100%', () => {
  // Routing raised requests to a pricier model: net saving 2, but the others saved 4.
  const shares = stageShares({ cache: 3, compression: 1, routing: -2 });
  assert.deepEqual(shares, {
    cache: { percent: 75, costMore: false },
    compression: { percent: 25, costMore: false },
    routing: { percent: 50, costMore: true },
  });
  for (const s of Object.values(shares)) assert.ok(s.percent >= 0 && s.percent <= 100);
});

test('a loss larger than all the savings fills its bar; nothing saved leaves every bar empty', () => {
  assert.deepEqual(stageShares({ cache: 1, compression: 0, routing: -5 }).routing, {
    percent: 100,
    costMore: true,
  });
  assert.deepEqual(stageShares({ cache: 0, compression: 0, routing: -1 }), {
    cache: { percent: 0, costMore: false },
    compression: { percent: 0, costMore: false },
    routing: { percent: 100, costMore: true },
  });
  assert.deepEqual(stageShares({ cache: 0, compression: 0, routing: 0 }).cache, {
    percent: 0,
    costMore: false,
  });
});
