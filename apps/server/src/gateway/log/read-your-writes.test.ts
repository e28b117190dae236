import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from '../tests/use-gateway-fixture.ts';

describe('a dashboard read sees the requests this instance just answered', () => {
  // A flush interval far longer than the test: only the read itself can have written the rows.
  const f = useGatewayFixture({ LOG_FLUSH_MS: '5000' });

  test('the request list and the detail show a request right after its answer', async () => {
    const { response } = await f.openai.chat.completions
      .create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'What is the capital of Portugal?' }],
      })
      .withResponse();
    const id = response.headers.get('x-request-id') ?? '';

    const list = await f.user.api('GET', '/v1/analytics?time_range=24h');
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.recent_requests.map((r: { id: string }) => r.id),
      [id],
    );
    const detail = await f.user.api('GET', `/v1/analytics/requests/${id}`);
    assert.equal(detail.status, 200);
    assert.match(detail.body.original_text, /Portugal/);
  });

  test('an application can vote on an answer as soon as it has the request id', async () => {
    const { response } = await f.openai.chat.completions
      .create({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'What is the capital of Norway?' }],
      })
      .withResponse();
    const id = response.headers.get('x-request-id') ?? '';

    // docs/gateway.md: the id in x-request-id is the one to send to /v1/evals/feedback, with the
    // same gateway key; the row is still in the write-behind queue.
    const vote = await fetch(`${f.server.url}/v1/evals/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${f.gatewayKey}` },
      body: JSON.stringify({ request_id: id, feedback: 'positive' }),
    });
    assert.equal(vote.status, 200, await vote.text());
    const stats = await f.user.api('GET', '/v1/evals/stats');
    assert.equal(stats.body.thumbs_up, 1);
  });
});
