import { SamlConfig } from '@tokenwise/contracts';
import { isApiError } from '../../lib/api-error.ts';

export const SAML_SAVE_FAILED = 'Failed to save SAML configuration';

/** What the form shows before anything is saved (or when the server cannot say). */
export const DEFAULT_SAML_CONFIG: SamlConfig = {
  enabled: false,
  idp_entity_id: '',
  idp_sso_url: '',
  idp_x509_cert: '',
};

/**
 * What stops the form from saving, or null. Switching SSO on without all three IdP fields would
 * leave nobody able to sign in through it, so they are required then; switched off, a partial
 * configuration may be stored for later.
 */
export function samlConfigProblem(config: SamlConfig): string | null {
  if (config.enabled) {
    if (!config.idp_entity_id.trim()) return 'Enter the IdP entity ID to enable SAML SSO';
    if (!config.idp_sso_url.trim()) return 'Enter the IdP SSO URL to enable SAML SSO';
    if (!config.idp_x509_cert.trim()) return 'Paste the IdP X.509 certificate to enable SAML SSO';
  }
  const parsed = SamlConfig.safeParse({ ...config, idp_sso_url: config.idp_sso_url.trim() });
  if (parsed.success) return null;
  const field = parsed.error.issues[0]?.path[0];
  return field === 'idp_sso_url'
    ? 'The IdP SSO URL must be a full URL, such as https://idp.example.com/sso'
    : 'The SAML configuration is too long';
}

/** Spec section 8's words first, so the message says the configuration was not saved, then why. */
export function samlSaveFailure(reason: string): string {
  return `${SAML_SAVE_FAILED}: ${reason}`;
}

/**
 * A rejected configuration with the server's reason, but the screen's own text alone when the SAML
 * route is missing (404 from a server without SSO): "Route PUT ... not found" means nothing to a user.
 */
export function samlSaveErrorMessage(err: unknown): string {
  if (isApiError(err) && err.status !== 404 && err.serverMessage) {
    return samlSaveFailure(err.serverMessage);
  }
  return SAML_SAVE_FAILED;
}
