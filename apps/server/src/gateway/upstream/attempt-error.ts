import { GatewayError } from '../types.ts';

/** Why one upstream attempt failed, and whether another attempt may succeed. */
export class AttemptError extends Error {
  constructor(
    readonly error: GatewayError,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(error.message);
  }
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export const timedOut = () => new GatewayError(504, 'Upstream request timed out', 'api_error');
export const cancelled = () =>
  new GatewayError(
    499,
    'Request was cancelled by the caller',
    'api_error',
    'client_closed_request',
  );
export const streamCut = () =>
  new GatewayError(502, 'Upstream stream ended unexpectedly', 'api_error');

/**
 * A socket-level failure as an attempt error. Timeouts are not retried (the provider may still be
 * working on it and a second wait doubles the caller's); refused, reset or dropped connections are.
 */
export function transportFailure(
  err: unknown,
  signal: { readonly aborted: boolean } | undefined,
): AttemptError {
  if (err instanceof AttemptError) return err;
  if (err instanceof GatewayError) return new AttemptError(err, false);
  if (signal?.aborted) return new AttemptError(cancelled(), false);
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && TIMEOUT_CODES.has(code))
    return new AttemptError(timedOut(), false);
  return new AttemptError(new GatewayError(502, 'Upstream connection failed', 'api_error'), true);
}
