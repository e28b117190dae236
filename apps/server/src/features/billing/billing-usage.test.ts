import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { signUp } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { logRow, writeLogs } from '../analytics/testing/log-rows.ts';

const MIN = 60_000;
const DAY = 86_400_000;

describe('/billing usage of a period that began before the log-retention cut-off', () => {
  /** Checkout at 10:37; the period is the 14-day trial. */
  const checkout = Date.UTC(2026, 10, 2, 10, 37);
  let now = checkout;
  const server = useTestServer({ clock: () => now, env: { LOG_RETENTION_DAYS: '7' } });

  test('counts whole requests and tokens, never a share of one', async () => {
    const user = await signUp(server);
    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    const a = user.accountId;
    await writeLogs(server, [
      // The hour of checkout: one request of the period before, two of this one.
      logRow(a, checkout - 5 * MIN, { tokens_in: 100, tokens_saved: 10 }),
      logRow(a, checkout + 5 * MIN, { tokens_in: 100, tokens_saved: 10 }),
      logRow(a, checkout + 6 * MIN, { status: 'error', tokens_in: 0 }),
      logRow(a, checkout + 2 * DAY, { tokens_in: 100, tokens_saved: 10 }),
    ]);
    // Ten days on, the hour of checkout is older than the 7-day retention cut-off.
    now = checkout + 10 * DAY;
    const usage = (await user.api.expectOk(endpoints.billing.overview)).usage;
    assert.ok(usage);
    const counts = [
      usage.total_requests,
      usage.optimized_requests,
      usage.passthrough_requests,
      usage.failed_requests,
      usage.total_optimized_tokens,
      usage.total_tokens_saved,
      usage.total_original_tokens,
    ];
    assert.ok(counts.every(Number.isInteger), `whole numbers: ${counts.join(', ')}`);
    assert.equal(
      usage.total_requests,
      usage.optimized_requests + usage.passthrough_requests + usage.failed_requests,
    );
  });
});

describe('/billing savings of a period that began before the log-retention cut-off', () => {
  /** Checkout at 10:36; the period is the 14-day trial. */
  const checkout = Date.UTC(2026, 10, 2, 10, 36);
  let now = checkout;
  const server = useTestServer({ clock: () => now, env: { LOG_RETENTION_DAYS: '7' } });

  test('the cost saved reads the hour of checkout as the counts do, the same before and after the purge', async () => {
    const user = await signUp(server);
    await user.api.expectOk(endpoints.billing.checkout, { body: { tier: 'paid' } });
    const a = user.accountId;
    await writeLogs(server, [
      // The hour of checkout: one request of the period before, one of this one.
      logRow(a, checkout - 6 * MIN, { actual_cost: 0.2, cost_saved: 0.2 }),
      logRow(a, checkout + 6 * MIN, { actual_cost: 0.4, cost_saved: 0.4 }),
      logRow(a, checkout + 5 * DAY, { actual_cost: 1, cost_saved: 1 }),
    ]);
    // Ten days on, the hour of checkout is older than the 7-day retention cut-off.
    now = checkout + 10 * DAY;
    const before = (await user.api.expectOk(endpoints.billing.overview)).usage;
    const purged = await server.app.gateway.retention.runNow();
    assert.equal(purged.requestLogs, 2, 'the two rows of the hour of checkout are purged');
    const after = (await user.api.expectOk(endpoints.billing.overview)).usage;
    assert.ok(before && after);
    // 24 of the hour's 60 minutes are the period's: 0.4 × (0.2 + 0.4) = 0.24 of its rollup, plus $1.
    assert.equal(before.total_cost_saved, 1.24);
    assert.deepEqual(
      { saved: after.total_cost_saved, requests: after.total_requests },
      { saved: before.total_cost_saved, requests: before.total_requests },
      'the purge does not change the period’s figures',
    );
  });
});
