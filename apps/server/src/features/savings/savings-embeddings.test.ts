import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from '../../gateway/tests/use-gateway-fixture.ts';

const NOW = Date.UTC(2026, 10, 20, 10, 30);

/**
 * Embeddings calls are passed to the provider as sent: nothing optimizes them, so they are not
 * optimized requests. Sent through the gateway with the openai SDK next to chat traffic that saves
 * nothing (no compressible text, cache bypassed, routing off).
 */
describe('savings and billing with embeddings traffic', () => {
  const f = useGatewayFixture({ UPSTREAM_MAX_RETRIES: '0' }, () => NOW);

  test('embeddings neither create savings against the A/B baseline nor use the optimized-token quota', async () => {
    // Every other chat request is a baseline sample: 10 baseline and 10 optimized, all at the same price.
    const chat = async (i: number, baseline: boolean) => {
      await f.user.api('PUT', '/v1/baseline/config', { sample_rate: baseline ? 100 : 0 });
      f.mock.enqueue({ usage: { input: 1000, output: 100 } }, 'openai');
      await f.openai.chat.completions.create(
        { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: `Owl fact ${i}` }] },
        { headers: { 'x-tokenwise-cache': 'bypass' } },
      );
    };
    for (let i = 0; i < 20; i++) await chat(i, i % 2 === 0);
    await f.user.api('PUT', '/v1/baseline/config', { sample_rate: 0 });
    await f.logs();
    const before = (await f.user.api('GET', '/v1/savings?range=7d')).body.summary;
    assert.equal(before.method, 'baseline');
    assert.equal(before.baseline_samples, 10);
    assert.equal(before.optimized_samples, 10);
    assert.equal(before.total_savings, 0);
    const usageBefore = (await f.user.api('GET', '/v1/billing/subscription')).body.usage;
    assert.equal(usageBefore.optimized_requests, 10);
    assert.equal(usageBefore.total_optimized_tokens, 10_000);

    for (let i = 0; i < 20; i++) {
      await f.openai.embeddings.create({
        model: 'openai/text-embedding-3-small',
        input: `owl ${i}`,
      });
    }
    await f.logs();

    const after = (await f.user.api('GET', '/v1/savings?range=7d')).body.summary;
    assert.deepEqual(
      {
        total_savings: after.total_savings,
        savings_percentage: after.savings_percentage,
        optimized_samples: after.optimized_samples,
        baseline_samples: after.baseline_samples,
      },
      { total_savings: 0, savings_percentage: 0, optimized_samples: 10, baseline_samples: 10 },
      'twenty embeddings calls are not twenty requests optimized at the chat baseline’s cost',
    );
    const usage = (await f.user.api('GET', '/v1/billing/subscription')).body.usage;
    assert.deepEqual(
      {
        total_requests: usage.total_requests,
        optimized_requests: usage.optimized_requests,
        passthrough_requests: usage.passthrough_requests,
        total_optimized_tokens: usage.total_optimized_tokens,
        total_cost_saved: usage.total_cost_saved,
      },
      {
        total_requests: 40,
        optimized_requests: 10,
        passthrough_requests: 30,
        total_optimized_tokens: 10_000,
        total_cost_saved: 0,
      },
    );
    // The gateway's own quota counter agrees with the screen.
    const counter = await f.server.deps.db.kysely
      .selectFrom('usage_periods')
      .select(['optimized_requests', 'total_optimized_tokens'])
      .where('account_id', '=', f.user.accountId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      { ...counter, total_optimized_tokens: Number(counter.total_optimized_tokens) },
      { optimized_requests: 10, total_optimized_tokens: 10_000 },
    );
  });
});
