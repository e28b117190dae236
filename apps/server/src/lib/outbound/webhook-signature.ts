import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-tokenwise-signature';
export const TIMESTAMP_HEADER = 'x-tokenwise-timestamp';

/** HMAC-SHA256 over `${timestamp}.${body}`, hex: the timestamp is signed so a replay shows. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header value: `t=<unix seconds>,v1=<hex signature>`. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signWebhook(secret, timestamp, body)}`;
}

/** What a receiver does (docs/alerts.md shows the same steps); used by the tests as a receiver. */
export function verifyWebhook(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || typeof parts.v1 !== 'string') return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body), 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
