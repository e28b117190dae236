import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decide } from './alert-decision.ts';
import type { Measurement } from './alert-measure.ts';
import { periodWindow, previousWindow } from './alert-period.ts';

const H = 3_600_000;
const DAY_START = Date.UTC(2026, 10, 26);
const window = { start: DAY_START, end: DAY_START + 24 * H };
const base = {
  alert_type: 'budget_limit' as const,
  threshold: 100,
  throttle_minutes: 0,
  last_crossed_at: null,
  crossed_period_start: null,
  forecast_period_start: null,
};
const at = (value: number): Measurement => ({ window, value, accrued: value });

describe('alert decisions', () => {
  test('over the threshold with throttle 0: once per period', () => {
    const now = DAY_START + 10 * H;
    assert.deepEqual(decide(base, at(101), now), { kind: 'crossed' });
    assert.equal(decide(base, at(100), now), null, 'equal is not over');
    assert.equal(decide({ ...base, crossed_period_start: DAY_START }, at(500), now), null);
    assert.deepEqual(decide({ ...base, crossed_period_start: DAY_START - 24 * H }, at(101), now), {
      kind: 'crossed',
    });
  });

  test('over the threshold with a throttle: again only once the throttle has passed', () => {
    const now = DAY_START + 10 * H;
    const fired = { ...base, throttle_minutes: 30, last_crossed_at: now - 29 * 60_000 };
    assert.equal(decide(fired, at(101), now), null);
    assert.deepEqual(decide({ ...fired, last_crossed_at: now - 30 * 60_000 }, at(101), now), {
      kind: 'crossed',
    });
  });

  test('error_rate reaches its threshold (a share cannot pass 100%); other types must pass it', () => {
    const now = DAY_START + 10 * H;
    const errors = { ...base, alert_type: 'error_rate' as const };
    const rate = (value: number, failed: number): Measurement => ({
      window,
      value,
      errors: failed,
      requests: 4,
    });
    assert.deepEqual(
      decide(errors, rate(100, 4), now),
      { kind: 'crossed' },
      'every request failed',
    );
    assert.deepEqual(decide({ ...errors, threshold: 25 }, rate(25, 1), now), { kind: 'crossed' });
    assert.equal(decide({ ...errors, threshold: 25 }, rate(0, 0), now), null);
    assert.equal(decide({ ...errors, threshold: 0 }, rate(0, 0), now), null, 'an idle period');
    const spike = { ...base, alert_type: 'cost_spike' as const, threshold: 0 };
    assert.equal(decide(spike, { window, value: 0, previous: 1, accrued: 1 }, now), null);
  });

  test('forecast: when the rate so far reaches the threshold before the period ends', () => {
    // 25 in 6 hours: 75 more take 18 hours, exactly at midnight, which is not before the end.
    assert.equal(decide(base, at(25), DAY_START + 6 * H), null);
    const warned = decide(base, at(30), DAY_START + 6 * H);
    assert.equal(warned?.kind, 'forecast');
    assert.ok(warned?.kind === 'forecast' && Math.abs(warned.hours - 14) < 1e-9);
    assert.equal(
      decide({ ...base, forecast_period_start: DAY_START }, at(30), DAY_START + 6 * H),
      null,
    );
    assert.equal(decide(base, at(90), DAY_START + 30 * 60_000), null, 'too early to tell a rate');
    assert.equal(decide({ ...base, alert_type: 'error_rate' }, at(90), DAY_START + 6 * H), null);
    assert.equal(decide(base, at(0), DAY_START + 6 * H), null);
  });

  test('periods are fixed UTC windows: hour, day, week from Monday, calendar month', () => {
    const t = Date.UTC(2026, 10, 26, 14, 35); // Thursday
    assert.deepEqual(periodWindow('1h', t), {
      start: Date.UTC(2026, 10, 26, 14),
      end: Date.UTC(2026, 10, 26, 15),
    });
    assert.deepEqual(periodWindow('1d', t), { start: DAY_START, end: DAY_START + 24 * H });
    assert.deepEqual(periodWindow('7d', t), {
      start: Date.UTC(2026, 10, 23),
      end: Date.UTC(2026, 10, 30),
    });
    assert.deepEqual(periodWindow('30d', t), {
      start: Date.UTC(2026, 10, 1),
      end: Date.UTC(2026, 11, 1),
    });
    assert.deepEqual(previousWindow('30d', periodWindow('30d', t)), {
      start: Date.UTC(2026, 9, 1),
      end: Date.UTC(2026, 10, 1),
    });
    assert.equal(new Date(periodWindow('7d', Date.UTC(2026, 10, 23)).start).getUTCDay(), 1);
  });
});
