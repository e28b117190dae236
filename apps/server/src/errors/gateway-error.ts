/** An error to show the caller in their own format, with the provider's status and message. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** OpenAI-style error type: invalid_request_error, authentication_error, rate_limit_error, api_error… */
    readonly type: string = 'api_error',
    readonly code: string | null = null,
  ) {
    super(message);
  }

  /** How long the provider asked callers to wait (its retry-after), passed on to ours. */
  retryAfterSeconds?: number;

  /**
   * The gateway already retried this upstream (a 429, 5xx or dropped connection, on every attempt
   * UPSTREAM_MAX_RETRIES allowed): the caller is told not to retry it (`x-should-retry: false`),
   * or an SDK on its default two retries makes nine upstream attempts of one call (decision 141).
   */
  retriedUpstream?: boolean;

  /**
   * The provider's own `x-should-retry` on this error (OpenAI and Anthropic send it). The gateway
   * obeys it before its own retry rules, as the SDKs do, and passes it on when it did not retry
   * itself (decision 143).
   */
  providerShouldRetry?: boolean;

  /** The provider's rate-limit headers on this error, passed on to the caller (decision 230). */
  rateLimits?: Record<string, string>;

  /** The request field the provider's error names (OpenAI's `error.param`), passed on to ours. */
  param?: string;
}

/** A 400 that names the request field at fault, in OpenAI's shape (`error.param`). */
export function invalidParam(param: string, message: string, code: string | null = null) {
  const err = new GatewayError(400, message, 'invalid_request_error', code);
  err.param = param;
  return err;
}
