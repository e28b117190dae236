import { CHAT_BODY, MESSAGES_BODY } from '../../../apps/server/src/fuzz/targets.ts';

/** Ids the setup made: the owner's own, and another account's the fuzz must not reach. */
export interface Ids {
  accountId: string;
  userId: string;
  memberUserId: string;
  keyId: string;
  providerKeyId: string;
  alertId: string;
  requestId: string;
  cacheEntryId: string;
  webhookUrl: string;
  other: {
    accountId: string;
    userId: string;
    keyId: string;
    providerKeyId: string;
    alertId: string;
    requestId: string;
  };
}

/** A valid value for each path parameter of a route, by route and name. */
export function validParam(url: string, name: string, ids: Ids): string {
  if (name === 'accountId' || (name === 'id' && url.startsWith('/v1/accounts/')))
    return ids.accountId;
  if (name === 'userId') return ids.memberUserId;
  if (name === 'model') return 'gpt-4o-mini';
  if (name === 'pattern') return 'fuzz';
  if (url.startsWith('/v1/keys/')) return ids.keyId;
  if (url.startsWith('/v1/provider-keys/')) return ids.providerKeyId;
  if (url.startsWith('/v1/alerts/')) return ids.alertId;
  if (url.startsWith('/v1/analytics/requests/')) return ids.requestId;
  if (url.startsWith('/v1/semantic-cache/entries/')) return ids.cacheEntryId;
  if (url.startsWith('/v1/admin/users/')) return ids.memberUserId;
  return ids.accountId;
}

/** The other account's id of the same kind: the owner must get a 4xx for it, and it must stay. */
export function otherAccountParam(url: string, name: string, ids: Ids): string | undefined {
  if (url.startsWith('/v1/admin/') || url.startsWith('/v1/saml/')) return undefined; // theirs to see
  if (name === 'userId') return ids.other.userId;
  if (name === 'id' && url.startsWith('/v1/accounts/')) return ids.other.accountId;
  if (url.startsWith('/v1/keys/')) return ids.other.keyId;
  if (url.startsWith('/v1/provider-keys/')) return ids.other.providerKeyId;
  if (url.startsWith('/v1/alerts/')) return ids.other.alertId;
  if (url.startsWith('/v1/analytics/requests/')) return ids.other.requestId;
  return undefined;
}

/** A body each route accepts, the start of every per-field mutation. */
export function validBody(
  method: string,
  url: string,
  ids: Ids,
): Record<string, unknown> | undefined {
  const alert = {
    name: 'fuzz alert',
    alert_type: 'error_rate',
    enabled: true,
    conditions: { threshold: 10, period: '1d' },
    notification_email: true,
    notification_webhook: true,
    webhook_url: ids.webhookUrl,
    throttle_minutes: 5,
  };
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /v1/auth/signup': { email: 'fuzz-signup@example.com', password: 'correct-horse-1' },
    'POST /v1/auth/login': { email: 'nobody@example.com', password: 'wrong-password' },
    'POST /v1/auth/forgot-password': { email: 'nobody@example.com' },
    'POST /v1/auth/reset-password': { token: 'not-a-token', new_password: 'correct-horse-2' },
    'POST /v1/auth/change-password': {
      current_password: 'correct-horse-1',
      new_password: 'correct-horse-2',
    },
    'PUT /v1/auth/active-account': { account_id: ids.accountId },
    'POST /v1/billing/checkout': { tier: 'paid' },
    'POST /v1/keys': { name: 'fuzzed' },
    'POST /v1/provider-keys': { provider: 'openai', api_key: 'sk-fuzz-key-123', label: 'fuzz' },
    'PUT /v1/baseline/config': { sample_rate: 0 },
    'POST /v1/evals/feedback': { request_id: ids.requestId, feedback: 'positive', comment: 'ok' },
    'PUT /v1/settings': { optimization_level: 'balanced' },
    'PUT /v1/pii-redaction/config': {
      enabled: true,
      redact_emails: true,
      redact_phones: true,
      redact_ssn: true,
      redact_credit_cards: true,
      redact_ip_addresses: true,
      redact_secrets: true,
    },
    'PUT /v1/saml/config': {
      enabled: false,
      idp_entity_id: 'https://idp.invalid/entity',
      idp_sso_url: 'https://idp.invalid/sso',
      idp_x509_cert: '',
    },
    'POST /v1/saml/session': { code: 'not-a-code' },
    'PUT /v1/routing/config': {
      enabled: true,
      difficulty_threshold_simple: 100,
      difficulty_threshold_complex: 500,
    },
    'PUT /v1/semantic-cache/config': {
      enabled: true,
      embedder: 'local',
      similarity_threshold: 0.95,
      ttl_seconds: 3600,
    },
    'POST /v1/semantic-cache/preview': {
      prompt: 'What is fuzzing?',
      model: 'gpt-4o-mini',
      system: 'be brief',
    },
    'POST /v1/semantic-cache/warmup': {
      model: 'gpt-4o-mini',
      entries: [{ prompt: 'warm?', response: 'warm.' }],
    },
    'POST /v1/accounts/:id/members': { email: 'fuzz-invitee@example.com', role: 'member' },
    'PUT /v1/accounts/:id/members/:userId/role': { role: 'member' },
    'POST /v1/alerts': alert,
    'PUT /v1/alerts/:id': alert,
    'POST /v1/chat/completions': JSON.parse(CHAT_BODY),
    'POST /v1/completions': { model: 'openai/gpt-4o-mini', prompt: 'fuzz me' },
    'POST /v1/responses': { model: 'openai/gpt-4o-mini', input: 'fuzz me' },
    'POST /v1/messages': JSON.parse(MESSAGES_BODY),
    'POST /v1/messages/count_tokens': {
      model: 'claude-3-5-haiku-latest',
      messages: [{ role: 'user', content: 'fuzz me' }],
    },
    'POST /v1/embeddings': { model: 'text-embedding-3-small', input: 'fuzz' },
  };
  return bodies[`${method} ${url}`];
}
