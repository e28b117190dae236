import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from '../../gateway/tests/use-gateway-fixture.ts';

describe('real traffic through the gateway shows up in analytics', () => {
  const f = useGatewayFixture();

  test('requests sent with the openai SDK appear in stats, the page, breakdowns and the detail', async () => {
    const sent: string[] = [];
    for (const word of ['alpha', 'bravo', 'charlie']) {
      const { response } = await f.openai.chat.completions
        .create({
          model: 'openai/gpt-4o-mini',
          messages: [{ role: 'user', content: `Tell me about ${word} please` }],
        })
        .withResponse();
      sent.push(response.headers.get('x-request-id') ?? '');
    }
    await f.logs(); // waits for the write-behind queue

    const res = await f.user.api('GET', '/v1/analytics?time_range=24h');
    assert.equal(res.status, 200);
    assert.equal(res.body.stats.total_requests, 3);
    assert.deepEqual(
      res.body.recent_requests.map((r: { id: string }) => r.id),
      [...sent].reverse(),
      'newest first',
    );
    const newest = res.body.recent_requests[0];
    assert.equal(newest.provider, 'openai');
    assert.match(newest.original_text, /charlie/);
    assert.ok(newest.tokens > 0);
    assert.equal(res.body.pagination.total_count, 3);
    assert.equal(
      res.body.chart.reduce((n: number, p: { requests: number }) => n + p.requests, 0),
      3,
    );

    const search = await f.user.api('GET', '/v1/analytics?search=BRAVO');
    assert.deepEqual(
      search.body.recent_requests.map((r: { id: string }) => r.id),
      [sent[1]],
    );

    const providers = await f.user.api('GET', '/v1/analytics/providers?time_range=24h');
    assert.equal(providers.body.providers[0].provider, 'openai');
    assert.equal(providers.body.providers[0].requests, 3);

    const detail = await f.user.api('GET', `/v1/analytics/requests/${sent[0]}`);
    assert.equal(detail.status, 200);
    assert.equal(detail.body.status, 'success');
    assert.ok(detail.body.actual_cost > 0, 'priced from the catalog');

    const evals = await f.user.api('GET', '/v1/evals');
    assert.equal(evals.body.length, 3);
    assert.match(evals.body[0].response, /charlie/, 'the mock echoes the prompt');
  });
});
