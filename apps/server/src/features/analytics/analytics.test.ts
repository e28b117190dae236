import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ensureRequestLogPartitions } from '@tokenwise/db';
import { rebuildRollups } from '../../domain/analytics/rollup-rebuild.ts';
import { signUp, signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { SEARCH_COUNT_CAP } from './analytics.service.ts';
import { logRow, makeReadOnlyMember, writeLogs } from './testing/log-rows.ts';

const H = 3_600_000;
const D = 24 * H;
/** Friday 2026-11-20 14:30 UTC: half past the hour, so windows have a partial last hour. */
const NOW = Date.UTC(2026, 10, 20, 14, 30);

interface Page {
  stats: { total_requests: number };
  recent_requests: {
    id: string;
    provider: string;
    model: string;
    status: string;
    cache_hit: boolean;
    time: string;
  }[];
  pagination: {
    next_cursor: string | null;
    has_more: boolean;
    total_count: number;
    total_count_capped?: boolean;
  };
}

describe('GET /v1/analytics', () => {
  const server = useTestServer({ clock: () => NOW });

  test('stats and comparison count exactly the rows inside each 7-day window', async () => {
    const u = await signUpSubscribed(server);
    const other = await signUpSubscribed(server);
    // 7d = the 168 hours ending now: from Nov 13 14:30 (and 1 ms, `now` being inside). The
    // previous window is the 168 hours before it, up to that instant.
    const from = NOW + 1 - 7 * D;
    const a = u.accountId;
    await writeLogs(server, [
      logRow(a, NOW - 10 * 60_000, { tokens_saved: 30, cost_saved: 0.003, latency_ms: 120 }),
      logRow(a, NOW - 2 * D, {
        provider: 'anthropic',
        model: 'claude-3-5-haiku',
        cache_hit: 1,
        tokens_saved: 100,
        cost_saved: 0.01,
        latency_ms: 20,
      }),
      // 6 days, 23 hours and 59 minutes ago: inside "the last 7 days".
      logRow(a, from, { model: 'gpt-4o', status: 'error', latency_ms: 400 }),
      // Previous window: its last and its first millisecond (partial hours, read from raw rows).
      logRow(a, from - 1, { tokens_saved: 50, cost_saved: 0.005, latency_ms: 100 }),
      logRow(a, from - 7 * D, { tokens_saved: 50, cost_saved: 0.005, latency_ms: 200 }),
      logRow(a, from - 7 * D - 1, { tokens_saved: 999, latency_ms: 999 }),
      logRow(other.accountId, NOW - H, { tokens_saved: 5000 }),
    ]);

    const res = await u.api('GET', '/v1/analytics?time_range=7d');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.stats, {
      total_requests: 3,
      tokens_saved: 130,
      cost_savings: 0.013,
      avg_latency_ms: 180,
    });
    assert.deepEqual(res.body.comparison, {
      total_requests_change: 50,
      tokens_saved_change: 30,
      cost_savings_change: 30,
      avg_latency_change: 20,
    });
    const chart = res.body.chart as { date: string; requests: number; cost_savings: number }[];
    assert.deepEqual(
      chart.map((p) => p.date.slice(0, 10)),
      ['13', '14', '15', '16', '17', '18', '19', '20'].map((d) => `2026-11-${d}`),
    );
    assert.deepEqual(
      chart.map((p) => p.requests),
      [1, 0, 0, 0, 0, 1, 0, 1],
    );
    assert.equal(chart[5]?.cost_savings, 0.01);

    const day = await u.api('GET', '/v1/analytics?time_range=24h');
    assert.equal(day.body.stats.total_requests, 1);
    assert.deepEqual(
      day.body.comparison,
      {
        total_requests_change: null,
        tokens_saved_change: null,
        cost_savings_change: null,
        avg_latency_change: null,
      },
      'an empty previous day has no percent change',
    );
    // Hourly points from 14:00 yesterday to 14:00 today, the first and last partial.
    assert.equal(day.body.chart.length, 25, 'hourly points for 24h');

    const all = await u.api('GET', '/v1/analytics?time_range=all');
    assert.equal(all.body.stats.total_requests, 6);
    assert.equal(all.body.comparison, null);
    const noCompare = await u.api('GET', '/v1/analytics?time_range=7d&compare=false');
    assert.equal(noCompare.body.comparison, null);
    assert.equal(noCompare.body.stats.total_requests, 3);
  });

  test('the latency change compares the averages themselves, not their one-decimal display', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    // Fast cache-answered traffic: 5.04 ms on average today, 5.06 ms the day before.
    const ms = (sum: number, n: number) =>
      Array.from({ length: n }, (_, i) => (i < sum - 5 * n ? 6 : 5));
    await writeLogs(server, [
      ...ms(126, 25).map((latency_ms) => logRow(a, NOW - 10 * 60_000, { latency_ms })),
      ...ms(253, 50).map((latency_ms) => logRow(a, NOW - D - 10 * 60_000, { latency_ms })),
    ]);
    const res = await u.api('GET', '/v1/analytics?time_range=24h');
    assert.equal(res.body.stats.avg_latency_ms, 5);
    // (5.04 - 5.06) / 5.06 = -0.4%; the rounded 5.0 against 5.1 would say -2.0%.
    assert.equal(res.body.comparison.avg_latency_change, -0.4);
  });

  test('pages of 25 cover every row once, newest first, while new rows arrive', async () => {
    const u = await signUpSubscribed(server);
    // 60 rows, two per millisecond, so the (created_at, id) tie-break matters.
    const original = Array.from({ length: 60 }, (_, i) =>
      logRow(u.accountId, NOW - 5_000 - Math.floor(i / 2) * 1_000),
    );
    await writeLogs(server, original);

    const seen: Page['recent_requests'] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await u.api<Page>('GET', `/v1/analytics?time_range=24h${query}`);
      assert.equal(res.status, 200);
      sizes.push(res.body.recent_requests.length);
      seen.push(...res.body.recent_requests);
      assert.equal(res.body.pagination.has_more, res.body.pagination.next_cursor !== null);
      cursor = res.body.pagination.next_cursor;
      // Newer traffic lands between page loads.
      await writeLogs(
        server,
        Array.from({ length: 5 }, () => logRow(u.accountId, NOW - 1_000)),
      );
    } while (cursor);

    assert.deepEqual(sizes, [25, 25, 10]);
    const ids = seen.map((r) => r.id);
    assert.equal(new Set(ids).size, 60, 'no duplicates');
    assert.deepEqual(new Set(ids), new Set(original.map((r) => r.id)), 'no gaps');
    const expectedOrder = [...original]
      .sort((x, y) => y.created_at - x.created_at || (y.id < x.id ? -1 : 1))
      .map((r) => r.id);
    assert.deepEqual(ids, expectedOrder);

    const fresh = await u.api<Page>('GET', '/v1/analytics?time_range=24h');
    assert.equal(fresh.body.pagination.total_count, 75, 'the count includes the new rows');
    assert.equal(fresh.body.recent_requests[0]?.time, new Date(NOW - 1_000).toISOString());
  });

  test('filters combine, and total_count is the number of matching rows', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    const t = NOW - H;
    const rows = [
      ...Array.from({ length: 3 }, () => logRow(a, t)),
      ...Array.from({ length: 2 }, () => logRow(a, t, { cache_hit: 1 })),
      logRow(a, t, { model: 'gpt-4o', status: 'error' }),
      ...Array.from({ length: 2 }, () =>
        logRow(a, t, { provider: 'anthropic', model: 'claude-3-5-haiku', cache_hit: 1 }),
      ),
      logRow(a, t, { provider: 'groq', model: 'llama-3.1-8b-instant', status: 'error' }),
    ];
    await writeLogs(server, rows);
    const cases: [string, (r: (typeof rows)[number]) => boolean][] = [
      ['provider=openai&cache_status=hit', (r) => r.provider === 'openai' && r.cache_hit === 1],
      ['provider=openai&model=GPT-4O', (r) => r.provider === 'openai'],
      [
        'model=4o-mini&status=success&cache_status=miss',
        (r) => r.model === 'gpt-4o-mini' && r.status === 'success' && r.cache_hit === 0,
      ],
      ['status=error', (r) => r.status === 'error'],
      ['cache_status=hit&provider=anthropic', (r) => r.provider === 'anthropic'],
      ['provider=mistral', () => false],
      ['model=no-such-model', () => false],
    ];
    for (const [query, matches] of cases) {
      const res = await u.api<Page>('GET', `/v1/analytics?${query}`);
      assert.equal(res.status, 200, query);
      const expected = rows.filter(matches).map((r) => r.id);
      assert.deepEqual(
        new Set(res.body.recent_requests.map((r) => r.id)),
        new Set(expected),
        query,
      );
      assert.equal(res.body.pagination.total_count, expected.length, query);
      assert.equal(res.body.stats.total_requests, rows.length, 'stats describe the whole period');
    }
  });

  test('search is a case-insensitive substring of the prompt or the model', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    const rows = [
      logRow(a, NOW - 1_000, { original_text: 'user: Total of the INVOICE please' }),
      logRow(a, NOW - 2_000, { original_text: 'user: an invoice for 50% off' }),
      logRow(a, NOW - 3_000, { original_text: 'user: 500 apples', provider: 'groq' }),
      logRow(a, NOW - 4_000, { original_text: 'user: hello', model: 'Invoice-Tuned-1' }),
      logRow(a, NOW - 5_000, { original_text: 'user: nothing to see' }),
    ];
    await writeLogs(server, rows);
    const search = async (q: string) => {
      const res = await u.api<Page>('GET', `/v1/analytics?${q}`);
      assert.equal(res.status, 200);
      return {
        ids: res.body.recent_requests.map((r) => r.id),
        total: res.body.pagination.total_count,
      };
    };
    const byIndex = (...i: number[]) => i.map((n) => rows[n]?.id);
    assert.deepEqual(await search('search=invoice'), { ids: byIndex(0, 1, 3), total: 3 });
    assert.deepEqual(await search('search=50%25'), { ids: byIndex(1), total: 1 }, '% is literal');
    assert.deepEqual(await search('search=50'), { ids: byIndex(1, 2), total: 2 });
    assert.deepEqual(await search('search=50&provider=groq'), { ids: byIndex(2), total: 1 });
    assert.deepEqual(await search('search=invoice&limit=2'), { ids: byIndex(0, 1), total: 3 });
  });

  test('search ignores case in every script, on the page, its count and the export', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    const rows = [
      logRow(a, NOW - 1_000, { original_text: 'user: Привет, мир' }),
      logRow(a, NOW - 2_000, { original_text: "user: L'ÉCOLE est fermée" }),
      logRow(a, NOW - 3_000, { original_text: 'user: Straße und Öl' }),
      logRow(a, NOW - 4_000, { original_text: 'user: nothing to see' }),
    ];
    await writeLogs(server, rows);
    const byIndex = (...i: number[]) => i.map((n) => rows[n]?.id);
    for (const [text, expected] of [
      ['ПРИВЕТ', byIndex(0)],
      ['école', byIndex(1)],
      ['öl', byIndex(2)],
      ['ÖL', byIndex(2)],
    ] as const) {
      const q = `search=${encodeURIComponent(text)}`;
      const res = await u.api<Page>('GET', `/v1/analytics?${q}`);
      assert.deepEqual(
        res.body.recent_requests.map((r) => r.id),
        expected,
        text,
      );
      assert.equal(res.body.pagination.total_count, expected.length, text);
      const csv = await u.api('GET', `/v1/analytics/export/csv?${q}`);
      assert.equal(String(csv.body).trim().split('\n').length, 1 + expected.length, text);
    }
  });

  test('a search matching more than it counts says so, on every page', async () => {
    const u = await signUpSubscribed(server);
    const many = SEARCH_COUNT_CAP + 2;
    await writeLogs(
      server,
      Array.from({ length: many }, (_, i) =>
        logRow(u.accountId, NOW - 1_000 - i, { original_text: `user: needle ${i}` }),
      ),
    );
    const first = await u.api<Page>('GET', '/v1/analytics?search=NEEDLE&limit=100');
    assert.equal(first.body.pagination.total_count, SEARCH_COUNT_CAP);
    assert.equal(first.body.pagination.total_count_capped, true);
    const cursor = encodeURIComponent(first.body.pagination.next_cursor ?? '');
    const second = await u.api<Page>(
      `GET`,
      `/v1/analytics?search=NEEDLE&limit=100&cursor=${cursor}`,
    );
    assert.equal(second.body.pagination.total_count_capped, true);
    assert.equal(second.body.recent_requests.length, 100);
    const exact = await u.api<Page>('GET', '/v1/analytics?search=needle%201000');
    assert.equal(exact.body.pagination.total_count, 1, 'needle 1000 only');
    assert.equal(exact.body.pagination.total_count_capped, false);
  });

  test('a search lists this month before the last one, page after page, and counts to the cap', async () => {
    const u = await signUpSubscribed(server);
    // On PostgreSQL October gets its own partition, as a month of a running server's log would.
    await ensureRequestLogPartitions(server.deps.db, NOW - 30 * D, NOW);
    const november = Date.UTC(2026, 10, 1);
    // Every 7 s back from now into October, so both months hold half the matches; between them,
    // rows that do not match.
    const matches = Array.from({ length: SEARCH_COUNT_CAP + 20 }, (_, i) =>
      logRow(u.accountId, november + (SEARCH_COUNT_CAP / 2 - i) * 7_000, {
        original_text: `user: the invoice numbered ${i}`,
      }),
    );
    const others = matches.map((m) =>
      logRow(u.accountId, m.created_at - 3_000, { original_text: 'user: something else' }),
    );
    await writeLogs(server, [...others, ...matches].reverse());
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const res = await u.api<Page>(
        'GET',
        `/v1/analytics?search=invoice&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      assert.equal(res.status, 200);
      assert.equal(res.body.pagination.total_count, SEARCH_COUNT_CAP, 'a floor past the cap');
      assert.equal(res.body.pagination.total_count_capped, true);
      seen.push(...res.body.recent_requests.map((r) => r.id));
      if (!res.body.pagination.next_cursor) break;
      cursor = res.body.pagination.next_cursor;
    }
    assert.deepEqual(
      seen,
      matches.map((m) => m.id),
      'every match once, newest first, November before October',
    );
    const octoberOnly = await u.api<Page>('GET', '/v1/analytics?search=numbered%201019');
    assert.deepEqual(
      octoberOnly.body.recent_requests.map((r) => r.time),
      [new Date(matches[SEARCH_COUNT_CAP + 19]?.created_at ?? 0).toISOString()],
    );
    assert.equal(octoberOnly.body.pagination.total_count_capped, false);
    assert.equal(octoberOnly.body.pagination.total_count, 1);
  });

  test('request detail, and 404 for another account or an unknown id', async () => {
    const u = await signUpSubscribed(server);
    const other = await signUpSubscribed(server);
    const row = logRow(u.accountId, NOW - 60_000, {
      provider: 'anthropic',
      model: 'claude-3-5-haiku',
      requested_model: 'claude-3-5-sonnet',
      routed_model: 'claude-3-5-haiku',
      was_routed: 1,
      difficulty: 'simple',
      tokens_in: 80,
      tokens_out: 40,
      tokens_saved: 20,
      actual_cost: 0.0012,
      cost_saved: 0.0034,
      latency_ms: 321,
      original_text: 'user: a long question',
      optimized_text: 'user: question',
      details: JSON.stringify({ difficulty_reasons: ['short'] }),
    });
    await writeLogs(server, [row]);
    const res = await u.api('GET', `/v1/analytics/requests/${row.id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      id: row.id,
      status: 'success',
      cache_hit: false,
      provider: 'anthropic',
      model: 'claude-3-5-haiku',
      tokens_in: 80,
      tokens_out: 40,
      tokens_saved: 20,
      cost_saved: 0.0034,
      actual_cost: 0.0012,
      latency_ms: 321,
      created_at: new Date(NOW - 60_000).toISOString(),
      optimization_level: 'balanced',
      difficulty: 'simple',
      difficulty_not_sampled: null,
      was_routed: true,
      requested_model: 'claude-3-5-sonnet',
      routed_model: 'claude-3-5-haiku',
      original_text: 'user: a long question',
      optimized_text: 'user: question',
      error_message: null,
      details: { difficulty_reasons: ['short'] },
    });
    for (const res404 of [
      await other.api('GET', `/v1/analytics/requests/${row.id}`),
      await u.api('GET', '/v1/analytics/requests/no-such-id'),
    ]) {
      assert.equal(res404.status, 404);
      assert.equal(res404.body.message, 'Request not found');
    }
  });

  test('model and provider breakdowns for the period', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    await writeLogs(server, [
      logRow(a, NOW - H, { tokens_saved: 10, cost_saved: 0.001, latency_ms: 100 }),
      logRow(a, NOW - 2 * D, { tokens_saved: 30, cost_saved: 0.003, latency_ms: 201 }),
      logRow(a, NOW - 3 * D, { model: 'gpt-4o', latency_ms: 50 }),
      logRow(a, NOW - 4 * D, {
        provider: 'anthropic',
        model: 'claude-3-5-haiku',
        tokens_saved: 5,
        cost_saved: 0.5,
        latency_ms: 10,
      }),
      logRow(a, NOW - 40 * D, { model: 'gpt-4o', tokens_saved: 1000 }),
    ]);
    const models = await u.api('GET', '/v1/analytics/models?time_range=30d');
    assert.equal(models.status, 200);
    assert.deepEqual(models.body.models, [
      {
        model: 'gpt-4o-mini',
        requests: 2,
        tokens_saved: 40,
        cost_savings: 0.004,
        avg_latency_ms: 150.5,
      },
      {
        model: 'claude-3-5-haiku',
        requests: 1,
        tokens_saved: 5,
        cost_savings: 0.5,
        avg_latency_ms: 10,
      },
      { model: 'gpt-4o', requests: 1, tokens_saved: 0, cost_savings: 0, avg_latency_ms: 50 },
    ]);
    const providers = await u.api('GET', '/v1/analytics/providers?time_range=90d');
    assert.deepEqual(providers.body.providers, [
      {
        provider: 'openai',
        requests: 4,
        tokens_saved: 1040,
        cost_savings: 0.004,
        avg_latency_ms: 112.8,
      },
      {
        provider: 'anthropic',
        requests: 1,
        tokens_saved: 5,
        cost_savings: 0.5,
        avg_latency_ms: 10,
      },
    ]);
  });

  test('bad input is a 400 with a message', async () => {
    const u = await signUpSubscribed(server);
    const cases: [string, RegExp][] = [
      ['/v1/analytics?time_range=1y', /time_range must be one of/],
      ['/v1/analytics?limit=0', /limit must be a whole number from 1 to 100/],
      ['/v1/analytics?limit=abc', /limit must be a whole number/],
      ['/v1/analytics?cursor=not-a-cursor', /cursor is not valid/],
      [
        `/v1/analytics?cursor=${Buffer.from('[1,2,3]').toString('base64url')}`,
        /cursor is not valid/,
      ],
      ['/v1/analytics?provider=acme', /provider|option/i],
      ['/v1/analytics?compare=maybe', /compare must be true or false/],
      ['/v1/analytics/models?time_range=week', /time_range must be one of/],
      ['/v1/analytics/export/csv?time_range=1y', /time_range must be one of/],
    ];
    for (const [path, message] of cases) {
      const res = await u.api('GET', path);
      assert.equal(res.status, 400, path);
      assert.match(res.body.message, message, path);
    }
  });

  test('a filter sent empty is no filter, as an empty model, search or cursor already was', async () => {
    // A client that sends every filter, cleared ones as '' (axios serialises them so), got a 400
    // for provider= while model= and search= were read as "any" (decision 138).
    const u = await signUpSubscribed(server);
    const rows = [
      logRow(u.accountId, NOW - 1_000, { provider: 'groq', cache_hit: 1 }),
      logRow(u.accountId, NOW - 2_000, { status: 'error', http_status: 500 }),
    ];
    await writeLogs(server, rows);
    const empty = 'provider=&model=&cache_status=&status=&search=&cursor=';
    const page = await u.api<Page>('GET', `/v1/analytics?time_range=24h&${empty}`);
    assert.equal(page.status, 200, JSON.stringify(page.body));
    assert.equal(page.body.pagination.total_count, 2);
    const file = await u.api('GET', `/v1/analytics/export/json?time_range=24h&${empty}`);
    assert.equal(file.status, 200, JSON.stringify(file.body));
    const evals = await u.api('GET', '/v1/evals?filter=');
    assert.equal(evals.status, 200, JSON.stringify(evals.body));
    // A value that is there is still held to the list.
    assert.equal((await u.api('GET', '/v1/analytics?provider=%20')).status, 400);
  });

  test('read-only members can read analytics; no subscription means 402', async () => {
    const owner = await signUpSubscribed(server);
    const row = logRow(owner.accountId, NOW - H);
    await writeLogs(server, [row]);
    const viewer = await signUp(server);
    await makeReadOnlyMember(server, viewer, owner.accountId);
    const res = await viewer.api('GET', '/v1/analytics');
    assert.equal(res.status, 200);
    assert.equal(res.body.stats.total_requests, 1);
    assert.equal((await viewer.api('GET', `/v1/analytics/requests/${row.id}`)).status, 200);
    assert.equal((await viewer.api('GET', '/v1/analytics/models')).status, 200);
    const unpaid = await signUp(server);
    assert.equal((await unpaid.api('GET', '/v1/analytics')).status, 402);
    assert.equal((await unpaid.api('GET', '/v1/analytics/export/csv')).status, 402);
  });

  test('rollups rebuilt from the raw rows match the ones kept up to date by the writer', async () => {
    const u = await signUpSubscribed(server);
    const a = u.accountId;
    await writeLogs(
      server,
      Array.from({ length: 40 }, (_, i) =>
        logRow(a, NOW - i * 5 * H, {
          provider: i % 3 ? 'openai' : 'anthropic',
          cache_hit: i % 4 === 0 ? 1 : 0,
          is_baseline: i % 5 === 0 ? 1 : 0,
          tokens_saved: i,
          actual_cost: i / 1000,
          cost_saved: i / 2000,
          latency_ms: 10 * i,
        }),
      ),
    );
    const read = async () => [
      (await u.api('GET', '/v1/analytics?time_range=7d')).body,
      (await u.api('GET', '/v1/analytics/providers?time_range=30d')).body,
      (await u.api('GET', '/v1/savings?range=7d')).body,
    ];
    const incremental = await read();
    assert.equal(incremental[0].stats.total_requests, 34, 'rows within 7 days');
    const db = server.deps.db.kysely;
    await db.deleteFrom('analytics_hourly').where('account_id', '=', a).execute();
    await db.deleteFrom('analytics_daily').where('account_id', '=', a).execute();
    assert.equal((await read())[0].stats.total_requests, 0, 'figures come from the rollups');
    await rebuildRollups(db, [a]);
    assert.deepEqual(await read(), incremental);
  });
});
