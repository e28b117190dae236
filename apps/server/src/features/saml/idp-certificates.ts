import { X509Certificate } from 'node:crypto';
import { MAX_IDP_CERTIFICATES } from '@tokenwise/contracts';
import { badRequest } from '../../errors/app-error.ts';

const BEGIN = '-----BEGIN CERTIFICATE-----';
const END = '-----END CERTIFICATE-----';
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * The certificates as they will be stored: each re-encoded as PEM by node:crypto (so what is
 * stored is exactly what parsed), one after another. The field holds PEM blocks, or one bare base64
 * body (what some IdPs show), which is wrapped. A 400 names the block at fault.
 */
export function checkedCertificates(text: string, now: number): string {
  const bodies = certificateBodies(text);
  if (bodies.length > MAX_IDP_CERTIFICATES) {
    throw badRequest(
      `Paste at most ${MAX_IDP_CERTIFICATES} X.509 certificates: the IdP signing certificates in use (during a rotation, the current one and the next)`,
      'invalid_cert',
    );
  }
  const pems = bodies.map((body, i) =>
    pemCertificate(body, now, bodies.length > 1 ? `certificate ${i + 1} of ${bodies.length}` : ''),
  );
  // The same certificate pasted twice trusts nothing more; storing it once keeps the set exact.
  return [...new Set(pems)].join('\n');
}

/** What node-saml is given: every stored certificate, so a signature by any of them verifies. */
export function storedCertificates(stored: string): string[] {
  return stored.match(PEM_BLOCK) ?? [];
}

/**
 * The base64 body of each pasted block. A BEGIN line without its END (a copy cut short, or the
 * next block pasted over it) stays a block of its own, so its number matches what the owner sees.
 */
function certificateBodies(text: string): string[] {
  if (!text.includes(BEGIN)) return [text];
  return text
    .split(BEGIN)
    .slice(1)
    .map((block) => {
      const end = block.indexOf(END);
      return end < 0 ? '' : block.slice(0, end);
    });
}

/** One certificate body, checked and re-encoded as PEM; `which` names it when there are several. */
function pemCertificate(body: string, now: number, which: string): string {
  const label = which ? `The IdP X.509 ${which}` : 'The IdP X.509 certificate';
  const der = /^[A-Za-z0-9+/=\s]+$/.test(body)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
    : null;
  let cert: X509Certificate;
  try {
    if (!der || der.length === 0) throw new Error('not base64');
    cert = new X509Certificate(der);
  } catch {
    throw badRequest(`${label} is not a valid PEM certificate (${BEGIN} …)`, 'invalid_cert');
  }
  // node-saml (xml-crypto) verifies RSA signatures only: an EC certificate saved here would fail
  // every sign-in as 'not signed by a certificate saved', which sends the owner the wrong way.
  if (cert.publicKey.asymmetricKeyType !== 'rsa') {
    throw badRequest(
      `${label} must carry an RSA key: Tokenwise checks RSA-SHA256 signatures. Choose an RSA signing certificate at the identity provider.`,
      'invalid_cert',
    );
  }
  if (Date.parse(cert.validTo) <= now) {
    throw badRequest(
      `${label} expired on ${new Date(cert.validTo).toISOString().slice(0, 10)}`,
      'invalid_cert',
    );
  }
  return cert.toString().trim();
}
