import { X509Certificate } from 'node:crypto';
import type { SamlConfig } from '@tokenwise/contracts';
import { badRequest } from '../../errors/app-error.ts';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;
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
    idp_x509_cert: cert ? pemCertificate(cert, now) : '',
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

/**
 * One PEM X.509 certificate, re-encoded by node:crypto so what is stored is exactly what parsed.
 * A bare base64 body (what some IdPs show) is accepted and wrapped.
 */
export function pemCertificate(text: string, now: number): string {
  const blocks = [...text.matchAll(PEM_BLOCK)];
  if (blocks.length > 1) {
    throw badRequest('Paste one X.509 certificate: the IdP signing certificate', 'invalid_cert');
  }
  const body = blocks.length === 1 ? (blocks[0]?.[1] ?? '') : text;
  const der = /^[A-Za-z0-9+/=\s]+$/.test(body)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
    : null;
  let cert: X509Certificate;
  try {
    if (!der || der.length === 0) throw new Error('not base64');
    cert = new X509Certificate(der);
  } catch {
    throw badRequest(
      'The IdP X.509 certificate is not a valid PEM certificate (-----BEGIN CERTIFICATE----- …)',
      'invalid_cert',
    );
  }
  // node-saml (xml-crypto) verifies RSA signatures only: an EC certificate saved here would fail
  // every sign-in as 'not signed by the certificate saved', which sends the owner the wrong way.
  if (cert.publicKey.asymmetricKeyType !== 'rsa') {
    throw badRequest(
      'The IdP X.509 certificate must carry an RSA key: Tokenwise checks RSA-SHA256 signatures. Choose an RSA signing certificate at the identity provider.',
      'invalid_cert',
    );
  }
  if (Date.parse(cert.validTo) <= now) {
    throw badRequest(
      `The IdP X.509 certificate expired on ${new Date(cert.validTo).toISOString().slice(0, 10)}`,
      'invalid_cert',
    );
  }
  return cert.toString().trim();
}
