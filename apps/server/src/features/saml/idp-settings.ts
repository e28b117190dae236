import type { SamlConfig } from '@tokenwise/contracts';
import { badRequest } from '../../errors/app-error.ts';
import { checkedCertificates } from './idp-certificates.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The configuration as it will be stored, or a 400 naming the field. Switched on, all three IdP
 * fields are required (else nobody could sign in); switched off, a partial one may wait for later,
 * but whatever is filled in must still be valid.
 */
export function checkedIdpSettings(config: SamlConfig, now: number): SamlConfig {
  const entityId = config.idp_entity_id.trim();
  const ssoUrl = config.idp_sso_url.trim();
  const cert = config.idp_x509_cert.trim();
  if (config.enabled) {
    if (!entityId) throw badRequest('Enter the IdP entity ID to enable SAML SSO');
    if (!ssoUrl) throw badRequest('Enter the IdP SSO URL to enable SAML SSO');
    if (!cert) throw badRequest('Paste the IdP X.509 certificate to enable SAML SSO');
  }
  if (ssoUrl) checkSsoUrl(ssoUrl);
  return {
    enabled: config.enabled,
    idp_entity_id: entityId,
    idp_sso_url: ssoUrl,
    idp_x509_cert: cert ? checkedCertificates(cert, now) : '',
  };
}

/** HTTPS, or plain HTTP to this machine (a local test identity provider) and nowhere else. */
function checkSsoUrl(text: string): void {
  const url = URL.canParse(text) ? new URL(text) : null;
  const loopbackHttp = url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
  if (!url || (url.protocol !== 'https:' && !loopbackHttp)) {
    throw badRequest('The IdP SSO URL must start with https://', 'invalid_sso_url');
  }
  if (url.username || url.password) {
    throw badRequest('The IdP SSO URL must not carry a user name or password', 'invalid_sso_url');
  }
}
