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
  const rejected = new GatewayError(err.status, message, err.type, PROVIDER_KEY_REJECTED);
  if (err.param) rejected.param = err.param;
  return rejected;
}

export const isKeyRejection = (status: number) => status === 401 || status === 403;
