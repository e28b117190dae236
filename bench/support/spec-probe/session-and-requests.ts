/** Decision 223's probe: Sign-up and sign-in, analytics and request detail, gateway and provider keys. */
import { apiClient } from '../../../apps/server/src/testing/test-server.ts';
import { check, eq, fields } from './checks.ts';
import { type Probe, type Row, sum } from './probe-context.ts';

export async function session(p: Probe) {
  const { f, anon, tag } = p;
  const email = `signup-${tag}@example.com`;
  const up = await anon('POST', '/v1/auth/signup', { email, password: 'longenough1' });
  eq('signup 201', up.status, 201);
  fields('signup', up.body, { token: 'string', user: 'object', accounts: 'array' });
  fields('signup.user', up.body.user, {
    id: 'string',
    email: 'string',
    is_superadmin: 'boolean',
    accounts: 'array',
  });
  fields('signup.accounts[0]', up.body.accounts[0], {
    id: 'string',
    name: 'string',
    role: ['owner'],
  });
  const login = await anon('POST', '/v1/auth/login', { email, password: 'longenough1' });
  fields('login', login.body, {
    token: 'string',
    user: 'object',
    accounts: 'array',
    password_reset_required: 'boolean',
  });
  eq(
    'login: password_reset_required false, accounts = user.accounts',
    [login.body.password_reset_required, login.body.accounts],
    [false, login.body.user.accounts],
  );
  const status = await apiClient(f.server.url, login.body.token)(
    'GET',
    '/v1/auth/subscription-status',
  );
  fields('subscription status', status.body, { has_active_subscription: 'boolean' });
  eq('no subscription before checkout', status.body.has_active_subscription, false);
}

export async function analytics(p: Probe) {
  const { f, a, chat } = p;
  for (let i = 0; i < 25; i++) await chat(`Tell me fact number ${i} about the moon please`);
  await f.logs();
  const exact = await a.api('GET', '/v1/analytics');
  eq(
    '25 rows: one page, has_more false, cursor null',
    [
      exact.body.recent_requests.length,
      exact.body.pagination.has_more,
      exact.body.pagination.next_cursor,
    ],
    [25, false, null],
  );
  for (let i = 25; i < 30; i++) await chat(`Tell me fact number ${i} about the moon please`);
  await f.logs();
  const an = await a.api('GET', '/v1/analytics');
  fields('analytics.stats', an.body.stats, {
    total_requests: 'number',
    tokens_saved: 'number',
    cost_savings: 'number',
    avg_latency_ms: 'number',
  });
  fields('analytics.comparison (compare defaults to true)', an.body.comparison, {
    total_requests_change: 'number|null',
    tokens_saved_change: 'number|null',
    cost_savings_change: 'number|null',
    avg_latency_change: 'number|null',
  });
  fields('analytics.pagination', an.body.pagination, {
    next_cursor: 'string|null',
    has_more: 'boolean',
    total_count: 'number',
  });
  eq(
    '30 rows: page of 25, has_more, total_count 30, stats 30',
    [
      an.body.recent_requests.length,
      an.body.pagination.has_more,
      an.body.pagination.total_count,
      an.body.stats.total_requests,
    ],
    [25, true, 30, 30],
  );
  const first = an.body.recent_requests[0];
  fields('recent request', first, {
    id: 'string',
    provider: 'string',
    model: 'string',
    tokens: 'number',
    saved: 'number',
    latency_ms: 'number',
    time: 'iso',
    cache_hit: 'boolean',
    original_text: 'string|null',
    optimized_text: 'string|null',
  });
  const times = an.body.recent_requests.map((r: Row) => r.time);
  check(
    'recent requests newest first',
    times.every((t: string, i: number) => i === 0 || t <= times[i - 1]),
  );
  const next = await a.api(
    'GET',
    `/v1/analytics?cursor=${encodeURIComponent(an.body.pagination.next_cursor)}`,
  );
  const ids = new Set(
    [...an.body.recent_requests, ...next.body.recent_requests].map((r: Row) => r.id),
  );
  eq(
    'page 2: 5 rows, last page, 30 distinct ids (rows at the same instant)',
    [
      next.body.recent_requests.length,
      next.body.pagination.has_more,
      next.body.pagination.next_cursor,
      ids.size,
    ],
    [5, false, null, 30],
  );
  eq('a made-up cursor is a 400', (await a.api('GET', '/v1/analytics?cursor=garbage')).status, 400);
  check(
    'compare=false: no comparison',
    (await a.api('GET', '/v1/analytics?compare=false')).body.comparison == null,
  );
  eq(
    'limit 100 taken, 101 refused',
    [
      (await a.api('GET', '/v1/analytics?limit=100')).status,
      (await a.api('GET', '/v1/analytics?limit=101')).status,
    ],
    [200, 400],
  );
  const models = (await a.api('GET', '/v1/analytics/models')).body.models;
  fields('model breakdown', models[0], {
    model: 'string',
    requests: 'number',
    tokens_saved: 'number',
    cost_savings: 'number',
    avg_latency_ms: 'number',
  });
  const providers = (await a.api('GET', '/v1/analytics/providers')).body.providers;
  fields('provider breakdown', providers[0], {
    provider: 'string',
    requests: 'number',
    tokens_saved: 'number',
    cost_savings: 'number',
    avg_latency_ms: 'number',
  });
  const all = (await a.api('GET', '/v1/analytics?limit=100')).body.recent_requests;
  eq(
    'breakdowns and rows add up to the stats',
    [
      sum(models, 'requests'),
      sum(providers, 'requests'),
      sum(models, 'tokens_saved'),
      sum(all, 'saved'),
    ],
    [30, 30, an.body.stats.tokens_saved, an.body.stats.tokens_saved],
  );
  const detail = await a.api('GET', `/v1/analytics/requests/${first.id}`);
  fields('request detail', detail.body, {
    id: 'string',
    status: ['success', 'error'],
    cache_hit: 'boolean',
    provider: 'string',
    model: 'string',
    tokens_in: 'number',
    tokens_out: 'number',
    tokens_saved: 'number',
    cost_saved: 'number',
    actual_cost: 'number',
    latency_ms: 'number',
    created_at: 'iso',
    optimization_level: ['balanced'],
    difficulty: 'string|null',
    was_routed: 'boolean',
    requested_model: 'string|null',
    routed_model: 'string|null',
    original_text: 'string|null',
    optimized_text: 'string|null',
  });
  eq(
    'detail agrees with its row (time, tokens in + out, saved)',
    [
      detail.body.created_at,
      detail.body.tokens_in + detail.body.tokens_out,
      detail.body.tokens_saved,
    ],
    [first.time, first.tokens, first.saved],
  );
  const unknown = await a.api('GET', '/v1/analytics/requests/nope');
  eq(
    'unknown request 404 Request not found',
    [unknown.status, unknown.body.message],
    [404, 'Request not found'],
  );
  return { requestId: first.id as string };
}

export async function keys(p: Probe) {
  const { a } = p;
  const listed = await a.api('GET', '/v1/keys');
  const shape = {
    id: 'string',
    name: 'string',
    key: 'string',
    created: 'iso',
    last_used: 'iso|null',
  } as const;
  fields('API key (list)', listed.body[0], shape);
  check(
    'the used key has last_used',
    listed.body.some((k: Row) => k.last_used !== null),
  );
  const made = await a.api('POST', '/v1/keys', { name: 'probe key' });
  eq('key create 201, last_used null', [made.status, made.body.last_used], [201, null]);
  fields('API key (create)', made.body, shape);
  eq(
    'key delete, again 404',
    [
      (await a.api('DELETE', `/v1/keys/${made.body.id}`)).status,
      (await a.api('DELETE', `/v1/keys/${made.body.id}`)).status,
    ],
    [200, 404],
  );
  const providerKeys = await a.api('GET', '/v1/provider-keys');
  const pshape = {
    id: 'string',
    provider: ['openai', 'anthropic', 'gemini', 'mistral', 'groq'],
    label: 'string|null',
    created_at: 'iso',
    last_used_at: 'iso|null',
  } as const;
  fields('provider key (list)', providerKeys.body[0], pshape);
  check(
    'provider keys never answer the secret',
    providerKeys.body.every((k: Row) => !('api_key' in k)),
  );
  check(
    'the used openai key has last_used_at',
    providerKeys.body.some((k: Row) => k.provider === 'openai' && k.last_used_at),
  );
  const pk = await a.api('POST', '/v1/provider-keys', { provider: 'groq', api_key: 'gsk-probe' });
  fields('provider key (create)', pk.body, pshape);
  eq(
    'provider key 201, label null without one, never used',
    [pk.status, pk.body.label, pk.body.last_used_at],
    [201, null, null],
  );
  eq('provider key delete', (await a.api('DELETE', `/v1/provider-keys/${pk.body.id}`)).status, 200);
  return { keyId: listed.body[0].id as string, providerKeyId: providerKeys.body[0].id as string };
}
