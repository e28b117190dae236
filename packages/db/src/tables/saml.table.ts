import type { Selectable } from 'kysely';

/** One identity provider per account. */
export interface SamlConfigsTable {
  account_id: string;
  enabled: number;
  idp_entity_id: string;
  idp_sso_url: string;
  /** PEM X.509 certificate that must sign every assertion. */
  idp_x509_cert: string;
  updated_at: number;
}
export type SamlConfigRow = Selectable<SamlConfigsTable>;

/** AuthnRequest ids this SP sent: a response must answer one of them (InResponseTo). */
export interface SamlRequestsTable {
  id: string;
  account_id: string;
  created_at: number;
  expires_at: number;
}

/** LogoutRequest ids the SLS acted on: the key refuses a replay while the request is young enough. */
export interface SamlLogoutRequestsTable {
  account_id: string;
  request_id: string;
  expires_at: number;
}

/** Each accepted assertion: the key refuses a replay, the row records the login. */
export interface SamlLoginsTable {
  account_id: string;
  assertion_id: string;
  user_id: string;
  name_id: string;
  created_at: number;
}

/** One-time codes the SPA trades for a session, so no token travels in a URL. */
export interface SamlLoginCodesTable {
  /** sha256 of the code; the code itself is never stored. */
  code_hash: string;
  account_id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /**
   * sha256 of the state the browser that started the sign-in holds in a cookie (sent to the IdP
   * as RelayState): the code is traded only alongside it. Null on codes from before.
   */
  browser_hash: string | null;
}
