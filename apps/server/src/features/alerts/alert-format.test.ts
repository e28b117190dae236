import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dollars, formatFigure } from './alert-format.ts';

test('notification figures: the sign before the dollar sign, separators past a thousand', () => {
  assert.equal(dollars(1234.5), '$1,234.50');
  assert.equal(dollars(-1.5), '-$1.50');
  assert.equal(dollars(-0.001), '$0.00');
  assert.equal(formatFigure('budget_limit', -1.5), '-$1.50');
  assert.equal(formatFigure('error_rate', 100 / 3), '33.3%');
  assert.equal(formatFigure('cost_spike', 1500), '1,500%');
  assert.equal(formatFigure('token_quota', 1_000_000.4), '1,000,000 tokens');
  // A threshold sent as -0 (JSON allows it) or a figure that rounds to nothing has no sign.
  assert.equal(formatFigure('error_rate', -0), '0%');
  assert.equal(formatFigure('cost_spike', -0.01), '0%');
  assert.equal(formatFigure('cost_spike', -12.5), '-12.5%');
});
