import type { IncomingHttpHeaders } from 'node:http';
import { GatewayError } from '../types.ts';

/**
 * The test clock (docs/gateway.md, "Test clock"): with TOKENWISE_TEST_CLOCK=1 a request may name
 * the time it is logged and counted at, so the demo and tests can fill past days through the real
 * pipeline instead of writing rows behind its back. Without the flag the header is ignored.
 */
export const TEST_TIME_HEADER = 'x-tokenwise-test-time';

/** A back-dated request may not land in the future: a minute of slack for clocks that differ. */
const FUTURE_SLACK_MS = 60_000;

/** The time the request is logged at: `now`, or the header's time when the test clock is on. */
export function requestTime(headers: IncomingHttpHeaders, now: number, enabled: boolean): number {
  const raw = headers[TEST_TIME_HEADER];
  if (!enabled || raw === undefined) return now;
  const value = (Array.isArray(raw) ? raw.join(', ') : raw).trim();
  const at = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(at) || at <= 0 || at > now + FUTURE_SLACK_MS) {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    throw new GatewayError(
      400,
      `Invalid ${TEST_TIME_HEADER} header ${JSON.stringify(shown)}: must be an ISO 8601 time or epoch milliseconds, not in the future`,
      'invalid_request_error',
      'invalid_header',
    );
  }
  return at;
}
