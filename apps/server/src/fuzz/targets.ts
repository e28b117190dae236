import fc from 'fast-check';
import { anyValue } from './arbitraries.ts';
import { wireBody } from './body-arbitraries.ts';

export const CHAT_BODY = JSON.stringify({
  model: 'openai/gpt-4o-mini',
  messages: [{ role: 'user', content: 'fuzz me' }],
});
export const MESSAGES_BODY = JSON.stringify({
  model: 'claude-3-5-haiku-latest',
  max_tokens: 50,
  messages: [{ role: 'user', content: 'fuzz me' }],
});

interface GatewayRoute {
  method: string;
  path: string;
  body?: string;
  keyHeader: 'authorization' | 'x-api-key';
}

/** Gateway routes with a valid body, and the header each takes the key in. */
export const GATEWAY_ROUTES: readonly GatewayRoute[] = [
  { method: 'POST', path: '/v1/chat/completions', body: CHAT_BODY, keyHeader: 'authorization' },
  {
    method: 'POST',
    path: '/v1/completions',
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', prompt: 'fuzz me' }),
    keyHeader: 'authorization',
  },
  {
    method: 'POST',
    path: '/v1/responses',
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', input: 'fuzz me' }),
    keyHeader: 'authorization',
  },
  { method: 'POST', path: '/v1/messages', body: MESSAGES_BODY, keyHeader: 'x-api-key' },
  {
    method: 'POST',
    path: '/v1/messages/count_tokens',
    body: JSON.stringify({
      model: 'claude-3-5-haiku-latest',
      messages: [{ role: 'user', content: 'fuzz me' }],
    }),
    keyHeader: 'x-api-key',
  },
  { method: 'POST', path: '/v1/messages', body: MESSAGES_BODY, keyHeader: 'authorization' },
  { method: 'GET', path: '/v1/models', keyHeader: 'authorization' },
  {
    method: 'POST',
    path: '/v1/embeddings',
    body: JSON.stringify({ model: 'text-embedding-3-small', input: 'fuzz' }),
    keyHeader: 'authorization',
  },
];

/** Dashboard reads behind a session token. */
export const DASHBOARD_READS = [
  '/v1/auth/me',
  '/v1/keys',
  '/v1/settings',
  '/v1/pii-redaction/config',
  '/v1/analytics?period=7d',
  // Cleared filters sent as '' mean no filter (decision 138).
  '/v1/analytics?time_range=7d&provider=&cache_status=&status=&model=&search=',
  '/v1/evals?filter=',
  '/v1/evals/stats',
];

/** Dashboard writes, each with a body it accepts. */
const DASHBOARD_WRITES: [string, string, Record<string, unknown>][] = [
  [
    'PUT',
    '/v1/pii-redaction/config',
    { enabled: true, redact_emails: true, redact_phones: true, redact_ssn: true },
  ],
  ['PUT', '/v1/settings', { optimization_level: 'balanced' }],
  [
    'PUT',
    '/v1/routing/config',
    { enabled: true, difficulty_threshold_simple: 100, difficulty_threshold_complex: 500 },
  ],
  [
    'PUT',
    '/v1/semantic-cache/config',
    { enabled: true, embedder: 'local', similarity_threshold: 0.95, ttl_seconds: 3600 },
  ],
  ['PUT', '/v1/baseline/config', { sample_rate: 0 }],
  ['POST', '/v1/keys', { name: 'fuzzed' }],
  [
    'POST',
    '/v1/alerts',
    {
      name: 'fuzzed',
      alert_type: 'error_rate',
      enabled: true,
      conditions: { threshold: 10, period: '1d' },
      notification_email: true,
      notification_webhook: true,
      // Saved, never called: the fuzz sends no test notification.
      webhook_url: 'https://hooks.example.com/fuzz',
      throttle_minutes: 5,
    },
  ],
  ['POST', '/v1/semantic-cache/preview', { prompt: 'What is fuzzing?', model: 'gpt-4o-mini' }],
  ['POST', '/v1/evals/feedback', { request_id: 'req_x', feedback: 'positive', comment: 'ok' }],
  ['POST', '/v1/auth/login', { email: 'nobody@example.com', password: 'wrong-password' }],
  ['PUT', '/v1/auth/active-account', { account_id: '00000000-0000-0000-0000-000000000000' }],
];

// Values a field might wrongly hold, plus right values in the wrong place.
const brokenField = fc.oneof(
  anyValue,
  fc.constantFrom('openai', 'gemini', 'mistral', 'aggressive', 'negative', true, 0, 100),
);

/** A dashboard write whose body has up to two fields broken, or is anything at all. */
export const dashboardWrite = fc.constantFrom(...DASHBOARD_WRITES).chain(([method, path, valid]) =>
  fc.record({
    method: fc.constant(method),
    path: fc.constant(path),
    body: fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .dictionary(fc.constantFrom(...Object.keys(valid), 'extra'), brokenField, { maxKeys: 2 })
          .map((broken) => JSON.stringify({ ...valid, ...broken })),
      },
      { weight: 1, arbitrary: wireBody },
    ),
  }),
);
