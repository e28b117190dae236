import { Email } from '@tokenwise/contracts';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { AppError } from '../../errors/app-error.ts';

const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const TEXT_NODE = 3;
const CDATA_NODE = 4;

/** A refused SAML response: the reason is shown to the person signing in. */
export class SamlRefusal extends AppError {
  constructor(message: string) {
    super(400, 'saml_refused', message);
  }
}

/** The post as a DOM; anything but well-formed XML is a refusal, not a server error. */
function parseXml(xml: string): Document {
  try {
    // Any error stops parsing (xmldom's default would log it and go on with a partial tree).
    const strict = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    });
    return strict.parseFromString(xml, 'text/xml');
  } catch {
    throw new SamlRefusal('The SAML response is not well-formed XML');
  }
}

/** Before any parsing: a DTD can define entities (billion laughs, external files); SAML has none. */
export function refuseDoctype(xml: string): void {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    throw new SamlRefusal(
      'The SAML response carries a document type definition, which SAML never needs',
    );
  }
}

/**
 * A NameID split by a comment or processing instruction reads differently to the signature (which
 * skips comments) and to a parser that keeps the first text node: "admin@acme.com<!---->.evil.io".
 * Every NameID in the raw document must be plain text.
 */
export function refuseSplitNameIds(rawXml: string): void {
  const doc = parseXml(rawXml);
  const nameIds = doc.getElementsByTagNameNS(ASSERTION_NS, 'NameID');
  for (let i = 0; i < nameIds.length; i++) {
    const children = nameIds.item(i)?.childNodes;
    for (let j = 0; j < (children?.length ?? 0); j++) {
      const type = children?.item(j)?.nodeType;
      if (type !== TEXT_NODE && type !== CDATA_NODE) {
        throw new SamlRefusal('The SAML NameID holds a comment, processing instruction or element');
      }
    }
  }
}

/** What node-saml leaves unchecked, read from the signed assertion it verified. */
export interface SignedAssertionFacts {
  assertionId: string;
}

/**
 * node-saml checks signature, audience, time conditions and InResponseTo; it does not check the
 * assertion's Issuer, that the bearer confirmation names our ACS as Recipient, or the response's
 * Destination. `signedAssertionXml` is the verified assertion, `rawXml` the whole post.
 */
export function checkAddressedToUs(
  signedAssertionXml: string,
  rawXml: string,
  expected: { acsUrl: string; idpEntityId: string },
): SignedAssertionFacts {
  const assertion = parseXml(signedAssertionXml).documentElement;
  if (assertion?.localName !== 'Assertion') {
    throw new SamlRefusal('The SAML response holds no signed assertion');
  }
  const assertionId = assertion.getAttribute('ID') ?? '';
  if (!assertionId) throw new SamlRefusal('The SAML assertion has no ID');
  const issuer = childText(assertion, 'Issuer');
  if (issuer !== expected.idpEntityId) {
    throw new SamlRefusal(
      `The SAML assertion was issued by "${issuer ?? 'nobody'}", not the IdP entity ID saved in Tokenwise`,
    );
  }
  const confirmations = assertion.getElementsByTagNameNS(ASSERTION_NS, 'SubjectConfirmation');
  let addressed = false;
  for (let i = 0; i < confirmations.length; i++) {
    const c = confirmations.item(i) as Element;
    const data = c.getElementsByTagNameNS(ASSERTION_NS, 'SubjectConfirmationData').item(0);
    if (
      c.getAttribute('Method') === BEARER &&
      data?.getAttribute('Recipient') === expected.acsUrl
    ) {
      addressed = true;
    }
  }
  if (!addressed) {
    throw new SamlRefusal('The SAML assertion names another recipient than this ACS URL');
  }
  const response = parseXml(rawXml).documentElement;
  if (response?.namespaceURI !== PROTOCOL_NS || response.localName !== 'Response') {
    throw new SamlRefusal('The post is not a SAML Response');
  }
  const destination = response.getAttribute('Destination');
  if (destination && destination !== expected.acsUrl) {
    throw new SamlRefusal('The SAML response was sent to another destination than this ACS URL');
  }
  return { assertionId };
}

function childText(parent: Element, localName: string): string | undefined {
  for (let i = 0; i < parent.childNodes.length; i++) {
    const child = parent.childNodes.item(i) as Element;
    if (child.localName === localName && child.namespaceURI === ASSERTION_NS) {
      return child.textContent?.trim();
    }
  }
  return undefined;
}

/**
 * What node-saml leaves unchecked in a verified LogoutRequest: that it was sent to this SLS (an IdP
 * signing for many service providers with one key signs requests for the others too), and lately
 * (a captured one would otherwise end the user's sessions again whenever it is replayed). Returns
 * its ID and the last moment it passes this check, how long its ID must be kept against a replay.
 */
export function checkLogoutRequest(
  xml: string,
  expected: { slsUrl: string; now: number; maxAgeMs: number; skewMs: number },
): { id: string; acceptableUntil: number } {
  const request = parseXml(xml).documentElement;
  if (request?.namespaceURI !== PROTOCOL_NS || request.localName !== 'LogoutRequest') {
    throw new SamlRefusal('The message is not a SAML LogoutRequest');
  }
  if (request.getAttribute('Destination') !== expected.slsUrl) {
    throw new SamlRefusal('The logout request was sent to another destination than this SLS URL');
  }
  const issued = Date.parse(request.getAttribute('IssueInstant') ?? '');
  const { now, maxAgeMs, skewMs } = expected;
  if (!Number.isFinite(issued) || issued > now + skewMs || issued < now - maxAgeMs - skewMs) {
    throw new SamlRefusal(
      'The logout request is too old (or dated in the future); check the identity provider clock',
    );
  }
  const id = request.getAttribute('ID');
  if (!id) throw new SamlRefusal('The logout request has no ID');
  return { id, acceptableUntil: issued + maxAgeMs + skewMs };
}

/**
 * The NameID as a stored email, when ASCII case and spaces are all that separate them. The
 * contract's Email folds with JavaScript's toLowerCase and trims Unicode spaces, so an IdP user
 * named 'KELVIN SIGN'-ate@… (U+212A lower-cases to 'k') or with an ideographic space would
 * sign in as kate@…, a different person at the IdP.
 */
export function nameIdEmail(nameId: string | undefined): string | undefined {
  const email = Email.safeParse(nameId);
  if (!email.success || nameId === undefined) return undefined;
  const asciiFolded = nameId
    .replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '')
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
  return asciiFolded === email.data ? email.data : undefined;
}

/** node-saml's reasons, reworded for the person at the login screen (and their admin). */
export function readableReason(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const reasons: [RegExp, string][] = [
    [/multiple assertions/i, 'The SAML response holds more than one assertion'],
    [
      /signature|signed|Cannot obtain assertion/i,
      'The SAML response is not signed by a certificate saved in Tokenwise',
    ],
    [/not yet valid/i, 'The SAML assertion is not valid yet; check the identity provider clock'],
    [/expired/i, 'The SAML assertion has expired; sign in again'],
    [/audience/i, 'The SAML assertion is meant for another service provider (audience)'],
    [
      /subject confirmation/i,
      'The SAML assertion is outside its validity period; check the identity provider clock and sign in again',
    ],
    [/InResponseTo/i, 'This SAML response does not answer a sign-in started here; sign in again'],
    [/issuer/i, 'The SAML response comes from another identity provider than the one saved'],
    [/provider returned/i, `The identity provider refused the sign-in (${text})`],
  ];
  return (
    reasons.find(([pattern]) => pattern.test(text))?.[1] ??
    'The SAML response could not be verified'
  );
}
