import { GatewayError } from '../../types.ts';

/** A content part a provider has no native form for: refused with a message naming both. */
export function unsupportedPart(provider: string, type: string): GatewayError {
  return new GatewayError(
    400,
    `${provider} does not accept "${type}" content parts`,
    'invalid_request_error',
  );
}
