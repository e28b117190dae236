import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import { installErrorHandler } from '../../plugins/error-handler.ts';
import { apiClient, signUp, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { logRow, makeReadOnlyMember, writeLogs } from '../analytics/testing/log-rows.ts';
import { EVALS_COUNT_CAP } from './evals.service.ts';
import { onNegativeFeedback } from './negative-feedback.ts';
import { evalRoutes } from './routes.ts';

const NOW = Date.UTC(2026, 10, 20, 14, 30);

describe('evals: thumbs feedback on answers', () => {
  const server = useTestServer({ clock: () => NOW });

  async function accountWithRequests() {
    const u = await signUpSubscribed(server);
    const rows = [
      logRow(u.accountId, NOW - 3_000, {
        original_text: 'user: first',
        response_text: 'one',
        tokens_in: 7,
        tokens_out: 3,
      }),
      logRow(u.accountId, NOW - 2_000, { original_text: 'user: second', model: 'gpt-4o' }),
      logRow(u.accountId, NOW - 1_000, { original_text: 'user: broken', status: 'error' }),
    ];
    await writeLogs(server, rows);
    return {
      u,
      first: rows[0]?.id as string,
      second: rows[1]?.id as string,
      failed: rows[2]?.id as string,
    };
  }

  test('the list shows successful requests, newest first, with prompt and response', async () => {
    const { u, first, second } = await accountWithRequests();
    const res = await u.api('GET', '/v1/evals');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.map((e: { id: string }) => e.id),
      [second, first],
    );
    assert.deepEqual(res.body[1], {
      id: first,
      created_at: new Date(NOW - 3_000).toISOString(),
      model: 'gpt-4o-mini',
      tokens_used: 10,
      prompt: 'user: first',
      response: 'one',
      feedback: null,
      comment: null,
      cache_hit: false,
    });
    assert.deepEqual((await u.api('GET', '/v1/evals/stats')).body, {
      total_evals: 0,
      thumbs_up: 0,
      thumbs_down: 0,
      satisfaction_rate: 0,
    });
  });

  test('one vote per request: repeating it changes nothing, a new vote replaces it', async () => {
    const { u, first, second } = await accountWithRequests();
    const vote = (request_id: string, feedback: string, comment?: string) =>
      u.api('POST', '/v1/evals/feedback', { request_id, feedback, comment });

    const up = await vote(first, 'positive', 'great');
    assert.equal(up.status, 200);
    assert.deepEqual(up.body, {
      request_id: first,
      feedback: 'positive',
      comment: 'great',
      cache_entry_demoted: false,
    });
    await vote(first, 'positive', 'great');
    assert.deepEqual((await u.api('GET', '/v1/evals/stats')).body, {
      total_evals: 1,
      thumbs_up: 1,
      thumbs_down: 0,
      satisfaction_rate: 100,
    });

    await vote(first, 'negative');
    await vote(second, 'positive');
    await vote(second, 'positive');
    const stats = (await u.api('GET', '/v1/evals/stats')).body;
    assert.deepEqual(stats, {
      total_evals: 2,
      thumbs_up: 1,
      thumbs_down: 1,
      satisfaction_rate: 50,
    });

    const negative = (await u.api('GET', '/v1/evals?filter=negative')).body;
    assert.equal(negative.length, 1);
    assert.equal(negative[0].id, first);
    assert.equal(negative[0].comment, null, 'the new vote replaced the old comment too');
    const positive = (await u.api('GET', '/v1/evals?filter=positive')).body;
    assert.deepEqual(
      positive.map((e: { id: string }) => e.id),
      [second],
    );
    assert.deepEqual((await u.api('GET', '/v1/evals?filter=pending')).body, []);
  });

  test('pending lists the unrated requests; limit bounds the list', async () => {
    const { u, first, second } = await accountWithRequests();
    await u.api('POST', '/v1/evals/feedback', { request_id: second, feedback: 'positive' });
    const pending = (await u.api('GET', '/v1/evals?filter=pending')).body;
    assert.deepEqual(
      pending.map((e: { id: string }) => e.id),
      [first],
    );
    assert.equal((await u.api('GET', '/v1/evals?limit=1')).body.length, 1);
    // The screen leaves the filter out for "all"; a caller that spells it out gets the same list.
    const all = await u.api('GET', '/v1/evals?filter=all');
    assert.equal(all.status, 200);
    assert.deepEqual(
      all.body.map((e: { id: string }) => e.id),
      (await u.api('GET', '/v1/evals')).body.map((e: { id: string }) => e.id),
    );
    assert.equal(all.body.length, 2);
    const bad = await u.api('GET', '/v1/evals?filter=meh');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, 'filter must be one of all, positive, negative, pending');
  });

  test('the list pages by offset and tells its total in X-Total-Count', async () => {
    const { u, first, second } = await accountWithRequests();
    const one = await u.api('GET', '/v1/evals?limit=1');
    assert.equal(one.headers.get('x-total-count'), '2', 'successful requests only');
    assert.deepEqual(
      one.body.map((e: { id: string }) => e.id),
      [second],
    );
    const next = await u.api('GET', '/v1/evals?limit=1&offset=1');
    assert.deepEqual(
      next.body.map((e: { id: string }) => e.id),
      [first],
    );
    assert.deepEqual((await u.api('GET', '/v1/evals?offset=2')).body, []);
    await u.api('POST', '/v1/evals/feedback', { request_id: first, feedback: 'negative' });
    const negative = await u.api('GET', '/v1/evals?filter=negative');
    assert.equal(negative.headers.get('x-total-count'), '1', 'the total follows the filter');
  });

  test('a long list counts up to 1,000 past the page and says the total is a floor', async () => {
    const u = await signUpSubscribed(server);
    const rows = Array.from({ length: EVALS_COUNT_CAP + 5 }, (_, i) =>
      logRow(u.accountId, NOW - 1_000 * (i + 1), { original_text: `user: question ${i}` }),
    );
    await writeLogs(server, [
      ...rows,
      logRow(u.accountId, NOW - 500, { original_text: 'user: broken', status: 'error' }),
    ]);
    const first = await u.api('GET', '/v1/evals');
    assert.equal(first.headers.get('x-total-count'), String(EVALS_COUNT_CAP));
    assert.equal(first.headers.get('x-total-count-capped'), 'true', 'shown as "1,000+"');
    assert.equal(first.body[0]?.prompt, 'user: question 0', 'newest first');
    // Further down the list the count reaches the end: exact again.
    const deep = await u.api('GET', '/v1/evals?offset=950');
    assert.equal(deep.headers.get('x-total-count'), String(EVALS_COUNT_CAP + 5));
    assert.equal(deep.headers.get('x-total-count-capped'), null);
    assert.equal(deep.body.length, 50);
    const last = await u.api('GET', `/v1/evals?offset=${EVALS_COUNT_CAP}`);
    assert.deepEqual(
      last.body.map((e: { prompt: string }) => e.prompt),
      [1000, 1001, 1002, 1003, 1004].map((i) => `user: question ${i}`),
    );
    await u.api('POST', '/v1/evals/feedback', { request_id: rows[3]?.id, feedback: 'positive' });
    const pending = await u.api('GET', '/v1/evals?filter=pending&offset=100');
    assert.equal(pending.headers.get('x-total-count'), String(EVALS_COUNT_CAP + 4));
    assert.equal(pending.headers.get('x-total-count-capped'), null);
    const positive = await u.api('GET', '/v1/evals?filter=positive');
    assert.equal(positive.headers.get('x-total-count'), '1');
    assert.equal(positive.headers.get('x-total-count-capped'), null);
  });

  test('another account’s request is not found; a failed request cannot be rated', async () => {
    const { first, failed, u } = await accountWithRequests();
    const stranger = await signUpSubscribed(server);
    const res = await stranger.api('POST', '/v1/evals/feedback', {
      request_id: first,
      feedback: 'negative',
    });
    assert.equal(res.status, 404);
    assert.equal(res.body.message, 'Request not found');
    assert.deepEqual((await stranger.api('GET', '/v1/evals')).body, []);
    const onError = await u.api('POST', '/v1/evals/feedback', {
      request_id: failed,
      feedback: 'negative',
    });
    assert.equal(onError.status, 400);
    const badVote = await u.api('POST', '/v1/evals/feedback', {
      request_id: first,
      feedback: 'meh',
    });
    assert.equal(badVote.status, 400);
  });

  test('an application votes with its gateway key, in its own account only', async () => {
    const { u, first } = await accountWithRequests();
    const other = await accountWithRequests();
    const key = (await u.api('POST', '/v1/keys', { name: 'app' })).body.key as string;
    const withKey = apiClient(server.url, key);

    const vote = await withKey('POST', '/v1/evals/feedback', {
      request_id: first,
      feedback: 'negative',
      comment: 'wrong answer',
    });
    assert.equal(vote.status, 200);
    assert.equal(vote.body.feedback, 'negative');
    const listed = (await u.api('GET', '/v1/evals')).body.find(
      (e: { id: string }) => e.id === first,
    );
    assert.equal(listed.feedback, 'negative');
    assert.equal(listed.comment, 'wrong answer');

    // Another account's request is not there for this key.
    const foreign = await withKey('POST', '/v1/evals/feedback', {
      request_id: other.first,
      feedback: 'positive',
    });
    assert.equal(foreign.status, 404);
    assert.equal((await other.u.api('GET', '/v1/evals/stats')).body.total_evals, 0);

    // A gateway key opens no other dashboard route.
    assert.equal((await withKey('GET', '/v1/evals')).status, 401);

    // A deleted key stops working at once.
    const keys = (await u.api('GET', '/v1/keys')).body as { id: string; name: string }[];
    const id = keys.find((k) => k.name === 'app')?.id;
    assert.equal((await u.api('DELETE', `/v1/keys/${id}`)).status, 200);
    const afterDelete = await withKey('POST', '/v1/evals/feedback', {
      request_id: first,
      feedback: 'positive',
    });
    assert.equal(afterDelete.status, 401);
  });

  test('a gateway key of an account whose subscription ended cannot vote', async () => {
    const u = await signUpSubscribed(server);
    const key = (await u.api('POST', '/v1/keys', { name: 'app' })).body.key as string;
    await server.deps.db.kysely
      .updateTable('subscriptions')
      .set({ status: 'canceled' })
      .where('account_id', '=', u.accountId)
      .execute();
    const res = await apiClient(server.url, key)('POST', '/v1/evals/feedback', {
      request_id: '0190aaaa-0000-7000-8000-000000000000',
      feedback: 'positive',
    });
    assert.equal(res.status, 402);
  });

  test('read-only members can read evals but not vote', async () => {
    const { u, first } = await accountWithRequests();
    const viewer = await signUp(server);
    await makeReadOnlyMember(server, viewer, u.accountId);
    assert.equal((await viewer.api('GET', '/v1/evals')).body.length, 2);
    assert.equal((await viewer.api('GET', '/v1/evals/stats')).status, 200);
    const vote = await viewer.api('POST', '/v1/evals/feedback', {
      request_id: first,
      feedback: 'positive',
    });
    assert.equal(vote.status, 403);
    assert.equal((await u.api('GET', '/v1/evals/stats')).body.total_evals, 0);
  });

  test('a thumbs-down on a cache hit hands its cache entry to the demotion hook', async () => {
    const calls: unknown[] = [];
    const demote = async (entry: unknown) => {
      calls.push(entry);
      return true;
    };
    const hit = { id: 'r1', cache_hit: 1, details: JSON.stringify({ cache_entry_id: 'c9' }) };
    assert.equal(await onNegativeFeedback('acct', hit, demote), true);
    assert.deepEqual(calls, [{ accountId: 'acct', requestId: 'r1', cacheEntryId: 'c9' }]);
    assert.equal(await onNegativeFeedback('acct', { ...hit, cache_hit: 0 }, demote), false);
    assert.equal(await onNegativeFeedback('acct', { ...hit, details: '{}' }, demote), false);
    assert.equal(await onNegativeFeedback('acct', { ...hit, details: 'not json' }, demote), false);
    assert.equal(await onNegativeFeedback('acct', hit, undefined), false);
    assert.equal(calls.length, 1, 'only the real cache hit reached the hook');
  });

  test('through the API, the vote says whether the cached answer was demoted', async () => {
    const u = await signUpSubscribed(server);
    const hit = logRow(u.accountId, NOW - 1_000, {
      cache_hit: 1,
      details: JSON.stringify({ cache_entry_id: 'entry-7' }),
    });
    await writeLogs(server, [hit]);
    const demoted: string[] = [];
    // The routes as app.ts will register them once the cache supplies its callback.
    const app = Fastify();
    app.decorateRequest('auth', null);
    installErrorHandler(app);
    await app.register(evalRoutes, {
      deps: server.deps,
      demoteCacheEntry: async (e) => {
        demoted.push(e.cacheEntryId);
        return true;
      },
    });
    const vote = (feedback: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/evals/feedback',
        headers: { authorization: `Bearer ${u.token}` },
        payload: { request_id: hit.id, feedback },
      });
    const up = await vote('positive');
    assert.equal(up.json().cache_entry_demoted, false);
    const down = await vote('negative');
    assert.equal(down.statusCode, 200);
    assert.equal(down.json().cache_entry_demoted, true);
    assert.deepEqual(demoted, ['entry-7']);
    await app.close();
  });
});
