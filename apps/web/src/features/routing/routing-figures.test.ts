/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatPercent } from '../../lib/format.ts';
import { difficultyShares, efficiencyGain, heldClassesText } from './routing-figures.ts';
import { TIER_CARDS } from './routing-tiers.ts';

describe('routing figures', () => {
  test('the efficiency gain shown is the routing rate times 0.4, to one decimal', () => {
    assert.equal(formatPercent(efficiencyGain(50)), '20.0%');
    assert.equal(formatPercent(efficiencyGain(33.33)), '13.3%');
    assert.equal(formatPercent(efficiencyGain(0)), '0.0%');
  });

  test('difficulty shares cover every request (not scored too), add up to 100% and survive an empty month', () => {
    const shares = difficultyShares({
      simple: 3,
      medium: 1,
      complex: 0,
      not_sampled: 0,
      not_scored: 4,
    });
    assert.deepEqual(
      shares.map((s) => [s.difficulty, s.count, s.percent]),
      [
        ['simple', 3, 37.5],
        ['medium', 1, 12.5],
        ['complex', 0, 0],
        ['not_scored', 4, 50],
      ],
    );
    assert.deepEqual(
      difficultyShares({ simple: 0, medium: 0, complex: 0, not_sampled: 0, not_scored: 0 }).map(
        (s) => s.percent,
      ),
      [0, 0, 0, 0],
    );
  });

  test('requests left out of the difficulty sample get their own row, counted in the total', () => {
    const shares = difficultyShares({
      simple: 1,
      medium: 1,
      complex: 0,
      not_sampled: 6,
      not_scored: 2,
    });
    assert.deepEqual(
      shares.map((s) => [s.difficulty, s.count, s.percent]),
      [
        ['simple', 1, 10],
        ['medium', 1, 10],
        ['complex', 0, 0],
        ['not_sampled', 6, 60],
        ['not_scored', 2, 20],
      ],
    );
  });

  test('held classes are named in reading order', () => {
    assert.equal(heldClassesText(['simple']), 'Simple requests');
    assert.equal(heldClassesText(['medium', 'simple']), 'Simple and medium requests');
    assert.equal(
      heldClassesText(['complex', 'simple', 'medium']),
      'Simple, medium and complex requests',
    );
  });

  test('tiers show the spec prices, cheapest first, each with sample models', () => {
    assert.deepEqual(
      TIER_CARDS.map((t) => [t.label, t.price]),
      [
        ['Mini', '$0.5 per 1M tokens'],
        ['Core', '$3 per 1M tokens'],
        ['Premium', '$15 per 1M tokens'],
      ],
    );
    for (const tier of TIER_CARDS) assert.ok(tier.sampleModels.length >= 2, tier.label);
  });
});
