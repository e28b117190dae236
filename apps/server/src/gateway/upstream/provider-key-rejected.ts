import type { ProviderId, UpstreamTarget } from '../types.ts';
import { GatewayError } from '../types.ts';

const LABELS: Record<ProviderId, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  mistral: 'Mistral',
  groq: 'Groq',
};

/** The `code` of the error a caller gets when the provider refused the key the gateway sent. */
export const PROVIDER_KEY_REJECTED = 'provider_key_rejected';

/**
 * A provider's 401 or 403: the key the gateway sent it was refused, not the caller's gateway key,
 * which was accepted. Without this the caller's SDK raised the same AuthenticationError, with
 * OpenAI's own `invalid_api_key` code, as for a wrong Tokenwise key, and teams rotated the wrong
 * key. The status stays the provider's (the SDKs raise AuthenticationError /
 * PermissionDeniedError and do not retry, as they should not); the message names the provider and
 * the key, says where to change it and keeps the provider's own words; the code tells them apart.
 */
export function providerKeyRejected(err: GatewayError, target: UpstreamTarget): GatewayError {
  const label = LABELS[target.provider] ?? target.provider;
  const whose =
    target.keySource === 'deployment'
      ? `the gateway's own ${label} API key (${target.provider.toUpperCase()}_API_KEY)`
      : `the ${label} API key stored for this account`;
  const fix =
    target.keySource === 'deployment'
      ? 'Ask the gateway operator to replace it, or add your own under Settings → Provider API Keys.'
      : 'Replace it under Settings → Provider API Keys.';
  const message = `${label} rejected ${whose} (HTTP ${err.status}: ${err.message}). Your Tokenwise key was accepted. ${fix}`;
  // Gemini's 400 for a bad key goes out as the 401 it means, so every SDK raises its
  // AuthenticationError for it as for the other providers' refusals.
  const status = err.status === 400 ? 401 : err.status;
  const type = err.status === 400 ? 'authentication_error' : err.type;
  const rejected = new GatewayError(status, message, type, PROVIDER_KEY_REJECTED);
  if (err.param) rejected.param = err.param;
  return rejected;
}

/** Gemini's reason for a key it does not know, sent with HTTP 400 (decision 095). */
export const KEY_INVALID_REASON = 'API_KEY_INVALID';

/** A 401 or 403, or Gemini's 400 `API_KEY_INVALID`: the provider refused the gateway's key. */
export const isKeyRejection = (err: GatewayError) =>
  err.status === 401 ||
  err.status === 403 ||
  (err.status === 400 && err.code === KEY_INVALID_REASON);
