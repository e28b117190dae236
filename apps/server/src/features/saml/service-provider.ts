import { type SamlConfig, samlServiceProviderUrls } from '@tokenwise/contracts';
import type { AppDeps } from '../../deps.ts';
import { sha256 } from '../../lib/crypto.ts';
import { storedCertificates } from './idp-certificates.ts';
import { issuedRequestStore, SAML_REQUEST_TTL_MS } from './request-store.ts';

const NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** How far the IdP's clock may run from ours before its time conditions are refused. */
export const CLOCK_SKEW_MS = 60 * 1000;

// node-saml and its XML libraries load on the first SAML call, not at every start-up of an
// instance whose accounts may never use single sign-on.
let nodeSaml: Promise<typeof import('@node-saml/node-saml')> | undefined;
const loadNodeSaml = () => {
  nodeSaml ??= import('@node-saml/node-saml');
  return nodeSaml;
};

/** One account's service provider: its URLs, and node-saml set to refuse what it can. */
export async function serviceProvider(deps: AppDeps, accountId: string, config: SamlConfig) {
  const { SAML, ValidateInResponseTo } = await loadNodeSaml();
  const urls = samlServiceProviderUrls(deps.config.publicUrl, accountId);
  const saml = new SAML({
    entryPoint: config.idp_sso_url,
    issuer: urls.entityId,
    callbackUrl: urls.acs,
    logoutCallbackUrl: urls.sls,
    audience: urls.entityId,
    // Every saved certificate: during a rotation the IdP signs with either.
    idpCert: storedCertificates(config.idp_x509_cert),
    idpIssuer: config.idp_entity_id,
    // The assertion itself must be signed; a signed envelope around an unsigned one is not enough.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // Only answers to sign-ins started here: IdP-initiated posts cannot be told from replays.
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: issuedRequestStore(deps, accountId),
    identifierFormat: NAMEID_EMAIL,
    signatureAlgorithm: 'sha256',
    // IdPs differ in the authentication context they report (MFA, Kerberos); the IdP decides.
    disableRequestedAuthnContext: true,
  });
  return { urls, saml };
}

/**
 * The SP metadata: this side's URLs only, so it is there before the IdP is filled in (the IdP
 * usually needs it first). Its document ID is derived from the account, so the same metadata
 * reads the same on every fetch.
 */
export async function serviceProviderMetadata(deps: AppDeps, accountId: string): Promise<string> {
  const { generateServiceProviderMetadata } = await loadNodeSaml();
  const urls = samlServiceProviderUrls(deps.config.publicUrl, accountId);
  return generateServiceProviderMetadata({
    issuer: urls.entityId,
    callbackUrl: urls.acs,
    logoutCallbackUrl: urls.sls,
    identifierFormat: NAMEID_EMAIL,
    wantAssertionsSigned: true,
    decryptionCert: null,
    publicCerts: null,
    generateUniqueId: () => `_${sha256(urls.entityId).slice(0, 40)}`,
  });
}
