import { SAML_REQUEST_TTL_MS } from './request-store.ts';

/**
 * The state that ties a SAML sign-in to the browser that started it (decision 082). The login
 * start sets it in this cookie and sends it to the IdP as RelayState; the code the ACS hands out
 * records its hash, and is traded for a session only alongside the cookie. A response the
 * attacker got from their own IdP account, posted from the victim's browser, carries the
 * attacker's state, which the victim's browser does not hold.
 */
export const BROWSER_STATE_COOKIE = 'tokenwise_sso_state';

/**
 * HttpOnly (no script reads it), SameSite=Lax (sent on the same-origin trade; the IdP's
 * cross-site form post does not need it), Path /v1/saml, and as long as a started sign-in lives.
 * Secure when the dashboard is served over HTTPS.
 */
export function browserStateCookie(state: string, publicUrl: string): string {
  return cookie(state, SAML_REQUEST_TTL_MS / 1000, publicUrl);
}

/** Clears the state once it was used: one started sign-in, one session. */
export function clearedBrowserStateCookie(publicUrl: string): string {
  return cookie('', 0, publicUrl);
}

function cookie(value: string, maxAgeSeconds: number, publicUrl: string): string {
  const secure = new URL(publicUrl).protocol === 'https:' ? '; Secure' : '';
  return `${BROWSER_STATE_COOKIE}=${value}; Path=/v1/saml; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** The state from a Cookie header, if the browser holds one. */
export function readBrowserState(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === BROWSER_STATE_COOKIE) {
      return part.slice(eq + 1).trim() || undefined;
    }
  }
  return undefined;
}
