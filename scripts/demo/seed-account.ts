// The demo account, made the way a user would make it: through the dashboard API over HTTP.

import { PROVIDER_IDS } from '../../apps/server/src/gateway/types.ts';
import { callApi } from '../../bench/support/gateway-stack.ts';

export interface DemoAccount {
  email: string;
  password: string;
  teammate: { email: string; temporaryPassword: string | undefined };
  accountId: string;
  session: string;
  gatewayKey: string;
}

export const DEMO_EMAIL = 'demo@tokenwise.dev';
export const DEMO_PASSWORD = 'tokenwise-demo';
const TEAMMATE_EMAIL = 'sam@tokenwise.dev';

/**
 * Signs up, starts the trial, invites a teammate, creates a gateway key and a provider key for
 * each provider, turns every stage on and sets a budget alert and an error-rate alert.
 */
export async function seedDemoAccount(url: string): Promise<DemoAccount> {
  const signup = await callApi(`${url}/v1/auth/signup`, 'POST', {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
  });
  const session = signup.token as string;
  const accountId = (signup.accounts as { id: string }[])[0]?.id ?? '';
  const api = (method: string, path: string, body?: unknown) =>
    callApi(`${url}${path}`, method, body, session);

  await api('POST', '/v1/billing/checkout', { tier: 'paid' });
  const invite = await api('POST', `/v1/accounts/${accountId}/members`, {
    email: TEAMMATE_EMAIL,
    role: 'member',
  });
  const gatewayKey = (await api('POST', '/v1/keys', { name: 'Demo app' })).key as string;
  for (const provider of PROVIDER_IDS) {
    await api('POST', '/v1/provider-keys', {
      provider,
      api_key: `${provider}-demo-key`,
      label: 'Demo',
    });
  }
  await api('PUT', '/v1/settings', { optimization_level: 'balanced' });
  await api('PUT', '/v1/pii-redaction/config', {
    enabled: true,
    redact_emails: true,
    redact_phones: true,
    redact_ssn: true,
    redact_credit_cards: true,
    redact_ip_addresses: true,
    redact_secrets: true,
  });
  const cache = await api('GET', '/v1/semantic-cache/config');
  await api('PUT', '/v1/semantic-cache/config', { ...cache, enabled: true });
  await api('PUT', '/v1/routing/config', {
    enabled: true,
    difficulty_threshold_simple: 100,
    difficulty_threshold_complex: 500,
  });
  await api('POST', '/v1/alerts', {
    name: 'Monthly spend over $5',
    alert_type: 'budget_limit',
    conditions: { threshold: 5, period: '30d' },
    notification_email: true,
    throttle_minutes: 60,
  });
  // The demo's upstream faults put the week's error rate above this one, so it fires.
  await api('POST', '/v1/alerts', {
    name: 'Error rate above 1% this week',
    alert_type: 'error_rate',
    conditions: { threshold: 1, period: '7d' },
    notification_email: true,
    throttle_minutes: 60,
  });
  return {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    teammate: {
      email: TEAMMATE_EMAIL,
      temporaryPassword: invite.temporary_password as string | undefined,
    },
    accountId,
    session,
    gatewayKey,
  };
}
