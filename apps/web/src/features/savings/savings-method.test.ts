import assert from 'node:assert/strict';
import { test } from 'node:test';
import { totalSavingsNote } from './savings-method.ts';

const summary = (over: Partial<Parameters<typeof totalSavingsNote>[0]>) => ({
  baseline_samples: 0,
  method: 'counterfactual' as const,
  confidence_interval: null,
  ...over,
});

test('measured against an A/B sample: the 95% interval', () => {
  assert.equal(
    totalSavingsNote(
      summary({ method: 'baseline', baseline_samples: 12, confidence_interval: [0.5, 1.25] }),
    ),
    '95% CI $0.50 – $1.25',
  );
});

test('no baseline request at all: estimated per request', () => {
  assert.equal(totalSavingsNote(summary({})), 'Estimated per request (no A/B baseline sample yet)');
});

test('a baseline sample too small to measure against says so, not that there is none', () => {
  assert.equal(
    totalSavingsNote(summary({ baseline_samples: 7 })),
    'Estimated per request: 7 baseline requests so far, 10 are needed to measure against',
  );
  assert.equal(
    totalSavingsNote(summary({ baseline_samples: 1 })),
    'Estimated per request: 1 baseline request so far, 10 are needed to measure against',
  );
});
