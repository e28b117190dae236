import { z } from 'zod';
import { Email } from './common.ts';

/** The one-time code the ACS hands the SPA (in the URL fragment), traded for a session. */
export const SamlCodeExchange = z.object({
  code: z.string().trim().min(1, 'The sign-in link is missing its code').max(200),
});
export type SamlCodeExchange = z.infer<typeof SamlCodeExchange>;

/** 'Sign in with SSO': by the email (its account, else its domain) or by account id. */
export const SamlDiscoverQuery = z
  .object({
    email: Email.optional(),
    account_id: z.string().trim().min(1).max(100).optional(),
  })
  .refine((q) => q.email !== undefined || q.account_id !== undefined, {
    message: 'Enter your work email or your account ID',
  });
export type SamlDiscoverQuery = z.infer<typeof SamlDiscoverQuery>;

/** Where the browser goes next: the account's login start, which redirects to its IdP. */
export const SamlDiscoverResponse = z.object({ login_url: z.string() });
export type SamlDiscoverResponse = z.infer<typeof SamlDiscoverResponse>;

/** The SPA route the ACS sends the browser to; the code rides in the fragment, never to a server. */
export const SAML_CALLBACK_PATH = '/login/sso';

export interface SamlServiceProviderUrls {
  /** The SP entity id is the metadata URL, as most identity providers expect. */
  entityId: string;
  metadata: string;
  acs: string;
  sls: string;
  /** Starts a sign-in: redirects to the account's identity provider. */
  login: string;
}

/** Where one account's service provider lives under /v1/saml/, on `origin`. */
export function samlServiceProviderUrls(
  origin: string,
  accountId: string,
): SamlServiceProviderUrls {
  const base = `${origin.replace(/\/+$/, '')}/v1/saml/${encodeURIComponent(accountId)}`;
  return {
    entityId: `${base}/metadata`,
    metadata: `${base}/metadata`,
    acs: `${base}/acs`,
    sls: `${base}/sls`,
    login: `${base}/login`,
  };
}
