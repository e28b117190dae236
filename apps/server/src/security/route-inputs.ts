import { randomBytes } from 'node:crypto';
import { pathParams, resourceOf, routeKey, takesBody } from './route-table.ts';
import { CHAT_MODEL, type Tenant } from './two-tenants.ts';

/**
 * What a route's path parameters and body are filled with, so the suites can call every route of
 * the real route table. A route the suites cannot fill fails them: add its parameter or body here
 * (and seed the data it points at in two-tenants.ts) in the change that adds the route.
 */

/** Which of a tenant's records `:id` names, by the path segment before it. */
const ID_OF_RESOURCE: Record<string, (t: Tenant) => string> = {
  keys: (t) => t.apiKeyId,
  'provider-keys': (t) => t.providerKeyIds[0] ?? '',
  requests: (t) => t.requestId,
  entries: (t) => t.cacheEntryId,
  accounts: (t) => t.accountId,
  users: (t) => t.userId,
  alerts: (t) => t.alertId,
};

const PARAMS: Record<string, (t: Tenant, url: string) => string> = {
  id: (t, url) => {
    const resource = resourceOf(url, 'id');
    const idOf = ID_OF_RESOURCE[resource];
    if (!idOf) throw new Error(`${url}: no tenant record for ':id' under '${resource}'`);
    return idOf(t);
  },
  accountId: (t) => t.accountId,
  userId: (t) => t.userId,
  pattern: (t) => t.topic,
  model: () => 'openai/gpt-4o-mini',
};

/**
 * Parameters that filter inside the caller's own account rather than name a record (a model
 * names an entry of the gateway's catalog, the same for every account).
 */
export const FILTER_PARAMS = new Set(['pattern', 'model']);

/** The path parameters of `url` naming `owner`'s records; throws on a parameter nobody filled. */
export function paramsOf(url: string, owner: Tenant): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of pathParams(url)) {
    const fill = PARAMS[name];
    if (!fill) {
      throw new Error(
        `${url}: the security suites cannot fill ':${name}'. Add it to PARAMS in security/route-inputs.ts.`,
      );
    }
    values[name] = fill(owner, url);
  }
  return values;
}

/** Who sends the request (their own credentials go in login-like bodies). */
export interface Caller {
  email: string;
  password: string;
}

type BodyFor = (caller: Caller, target: Tenant) => unknown;
const none: BodyFor = () => undefined;

/** A valid body per route, naming `target`'s records wherever the body takes one. */
const BODIES: Record<string, BodyFor> = {
  'POST /v1/auth/signup': () => ({
    email: `probe-${randomBytes(6).toString('hex')}@example.com`,
    password: 'correct-horse-2',
  }),
  'POST /v1/auth/login': (c) => ({ email: c.email, password: c.password }),
  'POST /v1/auth/logout': none,
  'POST /v1/auth/forgot-password': (c) => ({ email: c.email }),
  'POST /v1/auth/reset-password': () => ({
    token: 'a'.repeat(43),
    new_password: 'another-horse-2',
  }),
  'POST /v1/auth/change-password': (c) => ({
    current_password: c.password,
    new_password: `${c.password}-changed`,
  }),
  // The caller's active account itself: switching to it changes nothing.
  'PUT /v1/auth/active-account': (_c, t) => ({ account_id: t.accountId }),
  'POST /v1/billing/checkout': () => ({ tier: 'paid' }),
  'POST /v1/billing/portal': none,
  // An unsigned Stripe event naming the target's account: only Stripe's signature makes it count.
  'POST /v1/billing/webhook': (_c, t) => ({
    id: 'evt_probe',
    object: 'event',
    type: 'customer.subscription.updated',
    created: 1,
    data: {
      object: { id: 'sub_probe', status: 'canceled', metadata: { account_id: t.accountId } },
    },
  }),
  'POST /v1/keys': () => ({ name: 'probe key' }),
  'POST /v1/provider-keys': () => ({ provider: 'openai', api_key: 'sk-probe-key', label: 'probe' }),
  'PUT /v1/baseline/config': () => ({ sample_rate: 50 }),
  'PUT /v1/settings': () => ({ optimization_level: 'balanced' }),
  'PUT /v1/pii-redaction/config': () => ({
    enabled: true,
    redact_emails: true,
    redact_phones: true,
    redact_ssn: true,
  }),
  'PUT /v1/saml/config': () => ({
    enabled: false,
    idp_entity_id: 'https://idp.example.com/probe',
    idp_sso_url: 'https://idp.example.com/sso',
    idp_x509_cert: '',
  }),
  'POST /v1/saml/session': () => ({ code: 'a'.repeat(43) }),
  'POST /v1/saml/:accountId/acs': () => ({ SAMLResponse: '' }),
  'POST /v1/saml/:accountId/sls': () => ({ SAMLRequest: '' }),
  'PUT /v1/routing/config': () => ({
    enabled: true,
    difficulty_threshold_simple: 10,
    difficulty_threshold_complex: 20,
  }),
  'PUT /v1/semantic-cache/config': () => ({
    enabled: false,
    similarity_threshold: 0.99,
    ttl_seconds: 60,
  }),
  'POST /v1/semantic-cache/preview': (_c, t) => ({ prompt: t.prompt, model: CHAT_MODEL }),
  'POST /v1/semantic-cache/warmup': (_c, t) => ({
    model: CHAT_MODEL,
    entries: [{ prompt: t.prompt, response: 'probe answer' }],
  }),
  'POST /v1/accounts/:id/members': () => ({
    email: `probe-invite-${randomBytes(6).toString('hex')}@example.com`,
    role: 'member',
  }),
  'PUT /v1/accounts/:id/members/:userId/role': () => ({ role: 'read_only' }),
  'POST /v1/alerts': () => probeAlert('probe alert'),
  'PUT /v1/alerts/:id': () => probeAlert('probe alert renamed'),
  'POST /v1/alerts/:id/test': none,
  'POST /v1/alerts/:id/webhook-secret': none,
  'POST /v1/evals/feedback': (_c, t) => ({
    request_id: t.requestId,
    feedback: 'negative',
    comment: 'probe',
  }),
  'POST /v1/chat/completions': (_c, t) => ({
    model: CHAT_MODEL,
    messages: [{ role: 'user', content: t.prompt }],
  }),
  'POST /v1/messages': (_c, t) => ({
    model: CHAT_MODEL,
    max_tokens: 64,
    messages: [{ role: 'user', content: t.prompt }],
  }),
  'POST /v1/completions': (_c, t) => ({ model: CHAT_MODEL, prompt: t.prompt }),
  'POST /v1/responses': (_c, t) => ({ model: CHAT_MODEL, input: t.prompt }),
  'POST /v1/messages/count_tokens': (_c, t) => ({
    model: CHAT_MODEL,
    messages: [{ role: 'user', content: t.prompt }],
  }),
  'POST /v1/embeddings': (_c, t) => ({ model: 'openai/text-embedding-3-small', input: t.prompt }),
};

function probeAlert(name: string) {
  return {
    name,
    alert_type: 'budget_limit',
    enabled: true,
    conditions: { threshold: 25, period: '1d' },
    notification_email: true,
    notification_webhook: false,
    webhook_url: null,
    throttle_minutes: 0,
  };
}

/**
 * The SAML service provider's routes, called by IdPs and browsers with no session: the account id
 * in their path is public (it is in the SP entity id every IdP holds), metadata is public by
 * design, and the rest act only on a message signed by the account's IdP (forged-responses.test.ts
 * attacks those). Cross-tenant id probing has nothing to find there. The login start writes a
 * pending sign-in per call and is bounded per client address (429; sso.test.ts).
 */
export const PUBLIC_SP_ROUTES = new Set([
  'GET /v1/saml/:accountId/metadata',
  'GET /v1/saml/:accountId/login',
  'POST /v1/saml/:accountId/acs',
  'GET /v1/saml/:accountId/sls',
  'POST /v1/saml/:accountId/sls',
]);

/**
 * Routes no probe guise can make succeed: each needs a secret from outside the API (a reset token
 * from the mailbox, a one-time code from an IdP sign-in) or a query the suites do not send.
 */
export const NEEDS_OUTSIDE_INPUT = new Set([
  'POST /v1/auth/reset-password',
  'POST /v1/saml/session',
  'GET /v1/saml/discover',
]);

/** Routes whose body names a record: across accounts they must fail like a path id. */
export const BODY_ID_ROUTES = new Set([
  'POST /v1/evals/feedback',
  'POST /v1/billing/webhook',
  'PUT /v1/auth/active-account',
]);

/** The body for a call; throws for a body-taking route nobody wrote a valid body for. */
export function bodyOf(
  route: { method: string; url: string },
  caller: Caller,
  target: Tenant,
): unknown {
  if (!takesBody(route.method)) return undefined;
  const build = BODIES[routeKey(route)];
  if (!build) {
    throw new Error(
      `${routeKey(route)}: no valid body to call it with; add one to BODIES in security/route-inputs.ts.`,
    );
  }
  return build(caller, target);
}
