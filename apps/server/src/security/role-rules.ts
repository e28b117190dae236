import type { Role } from '@tokenwise/db';
import type { RegisteredRoute } from '../testing/test-server.ts';
import { routeKey } from './route-table.ts';

const OWNER: readonly Role[] = ['owner'];
const MANAGERS: readonly Role[] = ['owner', 'admin'];
const WRITERS: readonly Role[] = ['owner', 'admin', 'member'];
const EVERYONE: readonly Role[] = ['owner', 'admin', 'member', 'read_only'];
/** No account role reaches these: the user's superadmin flag does (see SUPERADMIN_ONLY). */
const NO_ROLE: readonly Role[] = [];

/**
 * Who may call each session route, from the spec's section 6: read-only members view analytics
 * and the dashboard only (no keys, no votes, no password change); members also make requests and
 * manage gateway keys; owners and admins change settings, provider keys and alerts; billing and single sign-on are
 * the owner's. A new /v1 route fails the role suite until it is listed here or in NO_SESSION.
 */
export const ROLE_RULES: Record<string, readonly Role[]> = {
  'POST /v1/auth/logout': EVERYONE,
  'GET /v1/auth/me': EVERYONE,
  'POST /v1/auth/change-password': WRITERS,
  'GET /v1/auth/subscription-status': EVERYONE,
  'PUT /v1/auth/active-account': EVERYONE,
  'POST /v1/billing/checkout': OWNER,
  'POST /v1/billing/portal': OWNER,
  'GET /v1/billing/subscription': EVERYONE,
  'GET /v1/admin/subscriptions/user/:accountId': EVERYONE,
  'GET /v1/admin/usage/:accountId': EVERYONE,
  'GET /v1/keys': WRITERS,
  'POST /v1/keys': WRITERS,
  'DELETE /v1/keys/:id': WRITERS,
  'GET /v1/provider-keys': WRITERS,
  'POST /v1/provider-keys': MANAGERS,
  'DELETE /v1/provider-keys/:id': MANAGERS,
  'GET /v1/baseline/config': EVERYONE,
  'PUT /v1/baseline/config': MANAGERS,
  'GET /v1/getting-started': EVERYONE,
  'GET /v1/analytics': EVERYONE,
  'GET /v1/analytics/requests/:id': EVERYONE,
  'GET /v1/analytics/models': EVERYONE,
  'GET /v1/analytics/providers': EVERYONE,
  'GET /v1/analytics/export/csv': EVERYONE,
  'GET /v1/analytics/export/json': EVERYONE,
  'GET /v1/savings': EVERYONE,
  'GET /v1/savings/export/csv': EVERYONE,
  'GET /v1/evals': EVERYONE,
  'GET /v1/evals/stats': EVERYONE,
  'POST /v1/evals/feedback': WRITERS,
  'GET /v1/settings': EVERYONE,
  'PUT /v1/settings': MANAGERS,
  'GET /v1/optimization/quality': EVERYONE,
  'GET /v1/pii-redaction/config': EVERYONE,
  'PUT /v1/pii-redaction/config': MANAGERS,
  'GET /v1/saml/config': MANAGERS,
  'PUT /v1/saml/config': OWNER,
  'GET /v1/routing/stats': EVERYONE,
  'GET /v1/routing/config': EVERYONE,
  'PUT /v1/routing/config': MANAGERS,
  'GET /v1/semantic-cache/stats': EVERYONE,
  'GET /v1/semantic-cache/config': EVERYONE,
  'PUT /v1/semantic-cache/config': MANAGERS,
  'GET /v1/semantic-cache/quality': EVERYONE,
  'GET /v1/semantic-cache/analytics': EVERYONE,
  'GET /v1/semantic-cache/entries': EVERYONE,
  'DELETE /v1/semantic-cache/entries/:id': WRITERS,
  'DELETE /v1/semantic-cache/invalidate': WRITERS,
  'DELETE /v1/semantic-cache/invalidate/:pattern': WRITERS,
  'POST /v1/semantic-cache/preview': EVERYONE,
  'POST /v1/semantic-cache/warmup': WRITERS,
  'GET /v1/accounts/:id': EVERYONE,
  'POST /v1/accounts/:id/members': MANAGERS,
  'PUT /v1/accounts/:id/members/:userId/role': MANAGERS,
  'DELETE /v1/accounts/:id/members/:userId': MANAGERS,
  'GET /v1/admin/users': NO_ROLE,
  'DELETE /v1/admin/users/:id': NO_ROLE,
  'GET /v1/admin/accounts': NO_ROLE,
  'GET /v1/alerts': EVERYONE,
  'POST /v1/alerts': MANAGERS,
  'GET /v1/alerts/history': EVERYONE,
  'GET /v1/alerts/:id': EVERYONE,
  'PUT /v1/alerts/:id': MANAGERS,
  'DELETE /v1/alerts/:id': MANAGERS,
  'POST /v1/alerts/:id/test': MANAGERS,
  'POST /v1/alerts/:id/webhook-secret': MANAGERS,
};

/** The platform console: a superadmin of any role may call these, nobody else whatever their role. */
export const SUPERADMIN_ONLY = new Set([
  'GET /v1/admin/users',
  'DELETE /v1/admin/users/:id',
  'GET /v1/admin/accounts',
]);

/**
 * /v1 routes that take no session: signing in, the gateway (its key is the credential), and the
 * SAML service provider (the IdP's signature is the credential; the code is single-use).
 */
export const NO_SESSION = new Set([
  'GET /v1/saml/discover',
  'POST /v1/saml/session',
  'GET /v1/saml/:accountId/metadata',
  'GET /v1/saml/:accountId/login',
  'POST /v1/saml/:accountId/acs',
  'GET /v1/saml/:accountId/sls',
  'POST /v1/saml/:accountId/sls',
  'POST /v1/auth/signup',
  'POST /v1/auth/login',
  'POST /v1/auth/forgot-password',
  'POST /v1/auth/reset-password',
  'POST /v1/chat/completions',
  'POST /v1/completions',
  'POST /v1/responses',
  'POST /v1/messages',
  'POST /v1/messages/count_tokens',
  'GET /v1/models',
  'GET /v1/models/:model',
  'POST /v1/embeddings',
  // Stripe calls it; the signature over the raw body is the credential.
  'POST /v1/billing/webhook',
]);

export const ALL_ROLES = EVERYONE;

/** The roles allowed on a route (HEAD follows its GET); undefined when the table lacks it. */
export function rolesFor(route: RegisteredRoute): readonly Role[] | undefined {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return ROLE_RULES[routeKey({ method, url: route.url })];
}

/** Whether only the superadmin flag reaches the route (HEAD follows its GET). */
export function isSuperadminOnly(route: RegisteredRoute): boolean {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return SUPERADMIN_ONLY.has(routeKey({ method, url: route.url }));
}

export function needsSession(route: RegisteredRoute): boolean {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return route.url.startsWith('/v1/') && !NO_SESSION.has(routeKey({ method, url: route.url }));
}
