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
