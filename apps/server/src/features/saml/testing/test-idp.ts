import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignedXml } from 'xml-crypto';

/** A key pair and a self-signed certificate made for this run (openssl: no fixture on disk). */
export interface SigningIdentity {
  privateKey: string;
  cert: string;
}

export function makeSigningIdentity(
  commonName = 'Tokenwise test IdP',
  keyArgs = ['-newkey', 'rsa:2048'],
): SigningIdentity {
  const dir = mkdtempSync(join(tmpdir(), 'tokenwise-idp-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        ...keyArgs,
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { privateKey: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** Every field of a response an attacker might bend; each test changes the one it is about. */
export interface ResponseSpec {
  idpEntityId: string;
  spEntityId: string;
  acsUrl: string;
  inResponseTo?: string;
  email: string;
  /** Raw XML inside NameID (for comments and processing instructions); `email` otherwise. */
  nameIdXml?: string;
  audience?: string;
  recipient?: string;
  destination?: string;
  issuer?: string;
  assertionId?: string;
  /** Offsets from now, in ms. */
  notBefore?: number;
  notOnOrAfter?: number;
  signAssertion?: boolean;
  signResponse?: boolean;
  signer?: SigningIdentity;
  status?: string;
}

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const id = () => `_${randomBytes(16).toString('hex')}`;
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/>/g, '&gt;');

/** A SAML 2.0 Response as an IdP would post it, signed as `spec` says (assertion by default). */
export function buildResponse(spec: ResponseSpec): string {
  const issuer = esc(spec.issuer ?? spec.idpEntityId);
  const irt = spec.inResponseTo ? ` InResponseTo="${esc(spec.inResponseTo)}"` : '';
  const destination = spec.destination ?? spec.acsUrl;
  const notBefore = iso(spec.notBefore ?? -60_000);
  const notOnOrAfter = iso(spec.notOnOrAfter ?? 5 * 60_000);
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${spec.assertionId ?? id()}" Version="2.0" IssueInstant="${iso(0)}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    '<saml:Subject>' +
    `<saml:NameID Format="${NAMEID_EMAIL}">${spec.nameIdXml ?? esc(spec.email)}</saml:NameID>` +
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
    `<saml:SubjectConfirmationData${irt} NotOnOrAfter="${notOnOrAfter}" Recipient="${esc(spec.recipient ?? spec.acsUrl)}"/>` +
    '</saml:SubjectConfirmation>' +
    '</saml:Subject>' +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${esc(spec.audience ?? spec.spEntityId)}</saml:Audience></saml:AudienceRestriction>` +
    '</saml:Conditions>' +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="${id()}">` +
    '<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>' +
    '</saml:AuthnStatement>' +
    '</saml:Assertion>';
  const status = spec.status ?? 'urn:oasis:names:tc:SAML:2.0:status:Success';
  let xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${iso(0)}" Destination="${esc(destination)}"${irt}>` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="${status}"/></samlp:Status>` +
    `${assertion}</samlp:Response>`;
  const signer = spec.signer;
  if (signer && spec.signAssertion !== false) xml = sign(xml, 'Assertion', signer);
  if (signer && spec.signResponse) xml = sign(xml, 'Response', signer);
  return xml;
}

/** An enveloped RSA-SHA256 signature over the element, placed after its Issuer as SAML wants. */
export function sign(xml: string, element: string, signer: SigningIdentity) {
  const sig = new SignedXml({ privateKey: signer.privateKey, publicCert: signer.cert });
  sig.signatureAlgorithm = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
  sig.canonicalizationAlgorithm = 'http://www.w3.org/2001/10/xml-exc-c14n#';
  sig.addReference({
    xpath: `//*[local-name(.)='${element}']`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  sig.computeSignature(xml, {
    location: {
      reference: `//*[local-name(.)='${element}']/*[local-name(.)='Issuer']`,
      action: 'after',
    },
  });
  return sig.getSignedXml();
}
