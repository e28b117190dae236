import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { endpoints } from '@tokenwise/contracts';
import { useGatewayFixture } from '../../gateway/tests/use-gateway-fixture.ts';

const model = 'openai/gpt-4o-mini';

/**
 * docs/metrics.md: one definition of every figure. Known traffic goes through the real gateway
 * (misses, a cache hit, an error, A/B baseline samples, an over-quota passthrough); the dashboard,
 * /savings, /billing, /routing and both exports must then report the same figures for the period.
 */
describe('every screen reports the same figures for the same traffic', () => {
  const f = useGatewayFixture();

  const ask = (content: string) =>
    f.openai.chat.completions.create({ model, messages: [{ role: 'user', content }] });

  async function setOptimizedTokens(tokens: number) {
    await f.server.deps.db.kysely
      .updateTable('usage_periods')
      .set({ total_optimized_tokens: tokens })
      .where('account_id', '=', f.user.accountId)
      .execute();
    f.server.app.gateway.accounts.invalidate(f.user.accountId);
  }

  test('dashboard, savings, billing, routing and the exports agree', async () => {
    // Optimized: two misses and one cache hit.
    await ask('Summarise the history of the Roman aqueducts in a few lines');
    await ask('Summarise the history of the Roman aqueducts in a few lines');
    await ask('List three uses of copper in electrical wiring');
    // Failed: the provider refuses the request (a 400 is not retried).
    f.mock.enqueue({ status: 400, errorMessage: 'bad request from the test' });
    await assert.rejects(ask('This one the provider refuses'));
    // Passthrough: two A/B baseline samples, then one request over the monthly quota.
    assert.equal(
      (await f.user.api('PUT', '/v1/baseline/config', { sample_rate: 100 })).status,
      200,
    );
    await ask('Baseline sample number one about rivers');
    await ask('Baseline sample number two about mountains');
    assert.equal((await f.user.api('PUT', '/v1/baseline/config', { sample_rate: 0 })).status, 200);
    await f.logs();
    await setOptimizedTokens(30_000_000);
    await ask('Over the quota, this one goes through unoptimized');
    const rows = await f.logs();
    await setOptimizedTokens(0);

    // The raw rows are the ground truth the screens summarise.
    assert.equal(rows.length, 7);
    assert.equal(rows.filter((r) => r.cache_hit === 1).length, 1);
    assert.equal(rows.filter((r) => r.status === 'error').length, 1);
    assert.equal(rows.filter((r) => r.is_baseline === 1).length, 2);
    assert.equal(rows.filter((r) => r.is_passthrough === 1).length, 1);
    const tokensSaved = rows.reduce((n, r) => n + r.tokens_saved, 0);
    const costSaved = rows.reduce((n, r) => n + r.cost_saved, 0);
    const optimizedTokens = rows
      .filter((r) => r.status === 'success' && !r.is_baseline && !r.is_passthrough)
      .reduce((n, r) => n + r.tokens_in, 0);
    assert.ok(tokensSaved > 0, 'the cache hit saved its tokens');
    assert.ok(costSaved > 0);

    const dashboard = (await f.user.api('GET', '/v1/analytics?time_range=30d')).body.stats;
    const savings = (await f.user.api('GET', '/v1/savings?range=30d')).body.summary;
    const billing = await f.user.api.expectOk(endpoints.billing.overview);
    const usage = billing.usage;
    assert.ok(usage, 'a subscribed account has usage');
    const routing = (await f.user.api('GET', '/v1/routing/stats')).body;

    // Requests: every logged call, on every screen; billing splits them and the parts add up.
    assert.equal(dashboard.total_requests, 7);
    assert.equal(routing.total_requests, 7);
    assert.equal(usage.total_requests, 7);
    assert.deepEqual(
      [usage.optimized_requests, usage.passthrough_requests, usage.failed_requests],
      [3, 3, 1],
    );
    assert.equal(savings.optimized_samples, usage.optimized_requests);
    assert.equal(savings.baseline_samples, 2);
    const d = routing.difficulty_breakdown;
    assert.equal(
      d.simple + d.medium + d.complex + d.not_sampled + d.not_scored,
      routing.total_requests,
    );

    // Tokens saved: one sum.
    assert.equal(dashboard.tokens_saved, tokensSaved);
    assert.equal(savings.tokens_saved, tokensSaved);
    assert.equal(usage.total_tokens_saved, tokensSaved);
    // The quota counts prompt tokens sent on optimized requests, the same as the gateway's counter.
    assert.equal(usage.total_optimized_tokens, optimizedTokens);

    // Cost saved and savings %: /savings' figures, on the dashboard and on billing. Fewer than 10
    // baseline samples, so the per-request estimate is used and equals the dashboard's sum.
    assert.equal(savings.method, 'counterfactual');
    assert.ok(Math.abs(dashboard.cost_savings - costSaved) < 1e-6);
    assert.ok(Math.abs(savings.total_savings - costSaved) < 1e-6);
    assert.equal(usage.total_cost_saved, savings.total_savings);
    assert.equal(usage.savings_percentage, savings.savings_percentage);
    assert.equal(usage.estimated_bill, null, 'paid tier: no share-of-savings bill');

    // Exports: the same rows.
    const csv = await f.user.api('GET', '/v1/analytics/export/csv?time_range=30d');
    const lines = String(csv.body).trim().split('\r\n');
    assert.equal(lines.length - 1, dashboard.total_requests);
    const json = (await f.user.api('GET', '/v1/analytics/export/json?time_range=30d')).body as {
      tokens_saved: number;
      cost_saved: number;
    }[];
    assert.equal(json.length, dashboard.total_requests);
    assert.equal(
      json.reduce((n, r) => n + r.tokens_saved, 0),
      dashboard.tokens_saved,
    );
    assert.ok(Math.abs(json.reduce((n, r) => n + r.cost_saved, 0) - dashboard.cost_savings) < 1e-6);

    // The legacy per-account read answers the same usage.
    const legacy = (await f.user.api('GET', `/v1/admin/usage/${f.user.accountId}`)).body;
    assert.deepEqual(legacy, usage);
  });
});
