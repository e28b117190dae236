import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { useMailingServer } from '../../testing/use-mailing-server.ts';
import { alertForm, HOUR, MIN } from './alerts-testing.ts';

/**
 * An admin can invite any address (it becomes an admin, so alert email goes to it) and then press
 * "send test notification": without an hourly bound, ten emails a minute to a stranger, all day.
 */
describe('test notifications per account per hour, over real SMTP', { timeout: 120_000 }, () => {
  let now = Date.now();
  const mailing = useMailingServer(() => now);

  test('20 an hour go out; the 21st is a 429 the screen can show, and nothing is mailed', async () => {
    const { server, smtp } = mailing;
    const u = await signUpSubscribed(server);
    const created = await u.api('POST', '/v1/alerts', alertForm({ name: 'Checked often' }));
    assert.equal(created.status, 201);
    const test = () => u.api('POST', `/v1/alerts/${created.body.id}/test`);
    const start = now;
    // Two a minute: well under the per-minute cap, so only the hourly one can refuse.
    for (let i = 0; i < 20; i++) {
      now = start + Math.floor(i / 2) * MIN;
      assert.equal((await test()).status, 200, `test ${i + 1}`);
    }
    const mailed = (await smtp.waitFor(20)).length;
    assert.equal(mailed, 20);

    now = start + 15 * MIN;
    const over = await test();
    assert.equal(over.status, 429);
    assert.equal(over.body.error, 'rate_limited');
    assert.equal(
      over.body.message,
      'An account can send 20 test notifications an hour; please try again in 45 minutes',
    );
    assert.equal(Number(over.headers.get('retry-after')), 45 * 60);
    // The refusal sent nothing: a mail sent would have arrived before this next one.
    const other = await signUpSubscribed(server);
    const theirs = await other.api('POST', '/v1/alerts', alertForm({ name: 'Elsewhere' }));
    assert.equal((await other.api('POST', `/v1/alerts/${theirs.body.id}/test`)).status, 200);
    const next = await smtp.waitFor(mailed + 1);
    assert.equal(next.length, mailed + 1);
    assert.match(next[mailed] ?? '', /Subject: Test: Elsewhere/, 'another account is not held');

    now = start + HOUR;
    assert.equal((await test()).status, 200, 'the next hour');
  });
});
