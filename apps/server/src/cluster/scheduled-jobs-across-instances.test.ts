import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { clusterUnavailable, startTwoInstances, type TwoInstances } from './two-instances.ts';

const HOUR = 3_600_000;

describe('scheduled jobs run once across instances whose clocks disagree', {
  skip: clusterUnavailable,
}, () => {
  let c: TwoInstances;
  // A's clock against the real one (B's); each test sets it.
  let skewOfA = 0;
  before(async () => {
    c = await startTwoInstances({}, { clockOfA: () => Date.now() + skewOfA });
  });
  after(() => c?.close());

  const retentionOf = (instance: 'a' | 'b') =>
    (instance === 'a' ? c.a.server : c.b).app.gateway.retention;
  const leaseHolder = async (name: string) =>
    (
      await c.b.deps.db.kysely
        .selectFrom('alert_leases')
        .select(['holder'])
        .where('name', '=', name)
        .executeTakeFirst()
    )?.holder;

  test('an instance three hours ahead does not take the retention lease another holds', async () => {
    skewOfA = 3 * HOUR;
    assert.ok(await retentionOf('b').runScheduled(), 'B takes the lease and purges');
    assert.equal(await retentionOf('a').runScheduled(), undefined, 'A leaves the hour to B');
    assert.ok(await retentionOf('b').runScheduled(), 'B still holds it');
    await retentionOf('b').close();
    assert.ok(await retentionOf('a').runScheduled(), 'handed back on close, A takes it');
  });

  test('a holder three hours behind keeps its alert lease; the other does not take it', async () => {
    skewOfA = -3 * HOUR;
    await c.a.server.app.alerts.evaluator.tick();
    const holder = await leaseHolder('alert-evaluator');
    assert.ok(holder, 'A holds the lease');
    await c.b.app.alerts.evaluator.tick();
    assert.equal(await leaseHolder('alert-evaluator'), holder, 'B left it to A');
  });
});
