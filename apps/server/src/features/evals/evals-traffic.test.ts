import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useGatewayFixture } from '../../gateway/tests/use-gateway-fixture.ts';

const NOW = Date.UTC(2026, 10, 20, 14, 30);

/** The evaluation list as a user sees it after real traffic through the gateway (openai SDK). */
describe('evals: what the list holds after gateway traffic', () => {
  const f = useGatewayFixture({ UPSTREAM_MAX_RETRIES: '0' }, () => NOW);

  test('embeddings calls have no answer to rate: not listed, not counted, a vote is refused', async () => {
    const chat = await f.openai.chat.completions
      .create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello' }] })
      .withResponse();
    const embedding = await f.openai.embeddings
      .create({ model: 'openai/text-embedding-3-small', input: 'hello world' })
      .withResponse();
    await f.logs();
    const chatId = chat.response.headers.get('x-request-id');
    const embeddingId = embedding.response.headers.get('x-request-id');
    assert.ok(chatId && embeddingId);

    const list = await f.user.api('GET', '/v1/evals');
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.map((e: { id: string }) => e.id),
      [chatId],
    );
    assert.equal(list.headers.get('x-total-count'), '1');
    const pending = await f.user.api('GET', '/v1/evals?filter=pending');
    assert.deepEqual(
      pending.body.map((e: { id: string }) => e.id),
      [chatId],
    );

    const vote = await f.user.api('POST', '/v1/evals/feedback', {
      request_id: embeddingId,
      feedback: 'positive',
    });
    assert.equal(vote.status, 400);
    assert.equal(vote.body.message, 'Only answers can be rated: an embeddings call has none');
    assert.equal((await f.user.api('GET', '/v1/evals/stats')).body.total_evals, 0);
  });

  test('an optional comment may be sent as null: the vote is kept without one', async () => {
    const chat = await f.openai.chat.completions
      .create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say bye' }] })
      .withResponse();
    await f.logs();
    const id = chat.response.headers.get('x-request-id');
    const first = await f.user.api('POST', '/v1/evals/feedback', {
      request_id: id,
      feedback: 'negative',
      comment: 'too short',
    });
    assert.equal(first.status, 200);
    const cleared = await f.user.api('POST', '/v1/evals/feedback', {
      request_id: id,
      feedback: 'positive',
      comment: null,
    });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.body));
    assert.deepEqual(cleared.body, {
      request_id: id,
      feedback: 'positive',
      comment: null,
      cache_entry_demoted: false,
    });
    const listed = (await f.user.api('GET', '/v1/evals?filter=positive')).body;
    assert.deepEqual(
      listed.map((e: { id: string; comment: string | null }) => [e.id, e.comment]),
      [[id, null]],
    );
  });
});
