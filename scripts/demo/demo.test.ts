import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { AnalyticsResponse, RecentRequest, RequestDetail } from '@tokenwise/contracts';
import { callApi } from '../../bench/support/gateway-stack.ts';
import { type RunningDemo, runDemo } from './run-demo.ts';

const COUNT = 40;

describe('npm run demo with 40 requests: the dashboard API shows what the pipeline did', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-demo-'));
  let demo: RunningDemo;
  const get = <T>(path: string) =>
    callApi(`${demo.url}${path}`, 'GET', undefined, demo.account.session) as Promise<T>;
  const analytics = (query: string) =>
    get<AnalyticsResponse>(`/v1/analytics?time_range=30d&compare=false&${query}`);

  before(async () => {
    demo = await runDemo({ count: COUNT, port: 0, dataDir, concurrency: 4 });
  });
  after(async () => {
    await demo?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('every request is counted, spread over past days, with cache hits, errors and savings', async () => {
    const all = await analytics('limit=100');
    assert.equal(all.stats.total_requests, COUNT);
    assert.ok(all.stats.tokens_saved > 0, 'compression saved tokens');
    const days = (all.chart ?? []).filter((p) => p.requests > 0);
    assert.ok(days.length >= 5, `requests on ${days.length} days`);
    const hits = await analytics('cache_status=hit');
    assert.ok(hits.pagination.total_count > 0, 'cache hits');
    assert.equal(hits.pagination.total_count, demo.tally.cacheHits);
    const errors = await analytics('status=error');
    assert.ok(errors.pagination.total_count > 0, 'upstream errors');
    assert.equal(errors.pagination.total_count, demo.tally.failed);
  });

  test('request details show personal data redacted and easy prompts routed down', async () => {
    const list = (await analytics('limit=100')).recent_requests as RecentRequest[];
    const details = await Promise.all(
      list.map((r) => get<RequestDetail>(`/v1/analytics/requests/${r.id}`)),
    );
    const redacted = details.filter((d) => Object.keys(d.details?.pii_redacted ?? {}).length);
    assert.ok(redacted.length > 0, 'a request had personal data redacted');
    const routed = details.filter((d) => d.was_routed && d.routed_model !== d.requested_model);
    assert.ok(routed.length > 0, 'a request was routed to another model');
    const stats = await get<{ routed_requests: number }>('/v1/routing/stats?time_range=30d');
    assert.equal(stats.routed_requests, routed.length);
  });

  test('votes sent with the gateway key reach the evals screen, and the teammate can sign in', async () => {
    const evals = await get<{ total_evals: number }>('/v1/evals/stats');
    assert.equal(evals.total_evals, demo.tally.votes.length);
    assert.ok(demo.tally.votes.length > 0);
    const { teammate } = demo.account;
    assert.ok(teammate.temporaryPassword);
    const login = await callApi(`${demo.url}/v1/auth/login`, 'POST', {
      email: teammate.email,
      password: teammate.temporaryPassword,
    });
    assert.ok(login.token);
  });
});
