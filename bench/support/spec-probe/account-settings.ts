/** Decision 223's probe: Settings, PII, SAML, cache, routing and baseline configs; subscription and usage; the team. */
import { documented, eq, fields } from './checks.ts';
import { DAY, type Probe, ROLES } from './probe-context.ts';

export async function configs(p: Probe) {
  const { a } = p;
  eq('settings default balanced', (await a.api('GET', '/v1/settings')).body, {
    optimization_level: 'balanced',
  });
  eq(
    'settings save answers the level',
    (await a.api('PUT', '/v1/settings', { optimization_level: 'aggressive' })).body
      .optimization_level,
    'aggressive',
  );
  eq(
    'unknown level 400',
    (await a.api('PUT', '/v1/settings', { optimization_level: 'extreme' })).status,
    400,
  );
  const pii = await a.api('GET', '/v1/pii-redaction/config');
  fields('PII config', pii.body, {
    enabled: 'boolean',
    redact_emails: 'boolean',
    redact_phones: 'boolean',
    redact_ssn: 'boolean',
  });
  const piiSaved = await a.api('PUT', '/v1/pii-redaction/config', {
    enabled: true,
    redact_emails: false,
    redact_phones: true,
    redact_ssn: false,
  });
  eq(
    'PII save echoes',
    [piiSaved.status, piiSaved.body.redact_emails, piiSaved.body.redact_phones],
    [200, false, true],
  );
  fields('SAML config', (await a.api('GET', '/v1/saml/config')).body, {
    enabled: 'boolean',
    idp_entity_id: 'string|null',
    idp_sso_url: 'string|null',
    idp_x509_cert: 'string|null',
  });
  const saml = await a.api('PUT', '/v1/saml/config', {
    enabled: false,
    idp_entity_id: 'https://idp.example.com',
    idp_sso_url: 'https://idp.example.com/sso',
    idp_x509_cert: '',
  });
  eq(
    'SAML save echoes',
    [saml.status, saml.body.idp_sso_url],
    [200, 'https://idp.example.com/sso'],
  );
  const cache = await a.api('GET', '/v1/semantic-cache/config');
  fields('cache config', cache.body, {
    enabled: 'boolean',
    similarity_threshold: 'number',
    ttl_seconds: 'number',
  });
  eq(
    'cache defaults 0.95 and 3600 s',
    [cache.body.similarity_threshold, cache.body.ttl_seconds],
    [0.95, 3600],
  );
  const saveCache = (similarity_threshold: number, ttl_seconds: number) =>
    a.api('PUT', '/v1/semantic-cache/config', { enabled: true, similarity_threshold, ttl_seconds });
  for (const ttl of [900, 1800, 3600, 7200, 14400, 86400]) {
    const r = await saveCache(0.95, ttl);
    eq(`TTL option ${ttl} kept`, [r.status, r.body.ttl_seconds], [200, ttl]);
  }
  documented(
    'TTL 1000 (not an option) refused',
    (await saveCache(0.95, 1000)).status === 400,
    'decision 123',
    'the API takes 60 s to 30 days',
  );
  for (const [threshold, want] of [
    [0.8, 200],
    [1, 200],
    [0.79, 400],
    [1.01, 400],
  ] as const) {
    eq(`similarity ${threshold}`, (await saveCache(threshold, 3600)).status, want);
  }
  const fine = await saveCache(0.955, 3600);
  documented(
    'similarity 0.955 (off the 0.01 step) refused',
    fine.status === 400,
    'decision 138',
    `rounded to ${fine.body.similarity_threshold}`,
  );
  await saveCache(0.95, 3600);
  const routing = await a.api('GET', '/v1/routing/config');
  fields('routing config', routing.body, {
    enabled: 'boolean',
    difficulty_threshold_simple: 'number',
    difficulty_threshold_complex: 'number',
  });
  eq(
    'routing thresholds 100 / 500 by default',
    [routing.body.difficulty_threshold_simple, routing.body.difficulty_threshold_complex],
    [100, 500],
  );
  fields('baseline config', (await a.api('GET', '/v1/baseline/config')).body, {
    sample_rate: 'number',
  });
  for (const [rate, want] of [
    [0, 200],
    [5, 200],
    [100, 200],
    [-1, 400],
    [101, 400],
  ] as const) {
    eq(
      `sample rate ${rate}`,
      (await a.api('PUT', '/v1/baseline/config', { sample_rate: rate })).status,
      want,
    );
  }
  documented(
    'sample rate 7 (off the step of 5) refused',
    (await a.api('PUT', '/v1/baseline/config', { sample_rate: 7 })).status === 400,
    'decision 107',
    'any whole percent',
  );
  await a.api('PUT', '/v1/baseline/config', { sample_rate: 0 });
}

export async function billing(p: Probe) {
  const { f, a, chat } = p;
  // One request the provider refuses: status error, counted apart from the spec's usage counts.
  f.mock.enqueue({ status: 400 }, 'openai');
  await chat('This one the provider refuses').catch(() => undefined);
  await f.logs();
  const failed = (await a.api('GET', '/v1/analytics?status=error')).body.recent_requests;
  const detail = await a.api('GET', `/v1/analytics/requests/${failed[0]?.id}`);
  eq(
    'the refused request: one status=error row, detail status error',
    [failed.length, detail.body.status],
    [1, 'error'],
  );
  const sub = await a.api('GET', `/v1/admin/subscriptions/user/${a.accountId}`);
  fields('subscription', sub.body, {
    tier: ['paid', 'enterprise'],
    monthly_fee: 'number',
    monthly_token_quota: 'number',
    savings_percentage: 'number',
    is_active: 'boolean',
    current_period_end: 'iso',
  });
  eq(
    'paid tier: $89, 30M tokens, trial of 14 days',
    [
      sub.body.tier,
      sub.body.monthly_fee,
      sub.body.monthly_token_quota,
      Date.parse(sub.body.current_period_end) - Date.parse(sub.body.current_period_start),
    ],
    ['paid', 89, 30_000_000, 14 * DAY],
  );
  const usage = await a.api('GET', `/v1/admin/usage/${a.accountId}`);
  fields('usage', usage.body, {
    total_requests: 'number',
    optimized_requests: 'number',
    passthrough_requests: 'number',
    total_original_tokens: 'number',
    total_optimized_tokens: 'number',
    total_tokens_saved: 'number',
    total_cost_saved: 'number',
  });
  eq(
    'usage: original = optimized + saved tokens',
    usage.body.total_original_tokens,
    usage.body.total_optimized_tokens + usage.body.total_tokens_saved,
  );
  documented(
    'usage: total = optimized + passthrough',
    usage.body.total_requests === usage.body.optimized_requests + usage.body.passthrough_requests,
    'docs/metrics.md',
    `failed_requests ${usage.body.failed_requests} counted beside them`,
  );
}

export async function team(p: Probe) {
  const { a, tag } = p;
  const account = await a.api('GET', `/v1/accounts/${a.accountId}`);
  fields('account', account.body, { id: 'string', name: 'string', members: 'array' });
  fields('team member', account.body.members[0], {
    user_id: 'string',
    email: 'string',
    role: ROLES,
    created_at: 'iso',
  });
  const invite = await a.api('POST', `/v1/accounts/${a.accountId}/members`, {
    email: `invitee-${tag}@example.com`,
  });
  eq(
    'invite: 201, role member by default, temporary password',
    [invite.status, invite.body.member?.role, typeof invite.body.temporary_password],
    [201, 'member', 'string'],
  );
  const id = invite.body.member.user_id;
  eq(
    'role change answers success',
    (await a.api('PUT', `/v1/accounts/${a.accountId}/members/${id}/role`, { role: 'read_only' }))
      .body.success,
    true,
  );
  eq(
    'remove answers success',
    (await a.api('DELETE', `/v1/accounts/${a.accountId}/members/${id}`)).body.success,
    true,
  );
}
