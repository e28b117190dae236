import { randomUUID } from 'node:crypto';

/**
 * A UUIDv7 (RFC 9562): 48-bit millisecond time then random bits. Time-ordered ids keep inserts at
 * the right edge of the log's primary-key index and sort the same way as created_at.
 * The random bits come from randomUUID (a v4 UUID, drawn from Node's buffered entropy pool, which
 * is several times cheaper per id than asking for fresh random bytes); its variant bits are
 * already RFC 9562's, so only the time and the version digit are written over.
 */
export function uuidv7(now = Date.now()): string {
  const random = randomUUID();
  const time = Math.max(0, Math.floor(now)).toString(16).padStart(12, '0').slice(-12);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}
