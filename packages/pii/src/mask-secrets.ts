import { findSecrets } from './detectors/secret.ts';

/** What a masked value becomes; unnumbered, so it is never taken for a placeholder to restore. */
export const SECRET_MASK = '[SECRET_REDACTED]';

// Shorter "known" values would mask ordinary words; no real key is this short.
const MIN_KNOWN_LENGTH = 8;

/**
 * `text` with every value the secret detector recognises (vendor keys, Bearer tokens, URL
 * passwords, key-like random runs) and every `known` value replaced by SECRET_MASK. For text that
 * must never carry a credential but is not a prompt to restore, such as a provider's error
 * message, which may quote the key it was sent ("Incorrect API key provided: sk-…"). `known`
 * catches keys of any vendor format, the detector the ones nobody told us about.
 */
export function maskSecrets(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const value of known) {
    if (value.length >= MIN_KNOWN_LENGTH) out = out.split(value).join(SECRET_MASK);
  }
  // Detector findings may overlap (a vendor key after "Bearer"): mask their union.
  const spans = findSecrets(out).sort((a, b) => a.start - b.start);
  if (spans.length === 0) return out;
  let masked = '';
  let cursor = 0;
  for (const span of spans) {
    if (span.start >= cursor) masked += out.slice(cursor, span.start) + SECRET_MASK;
    cursor = Math.max(cursor, span.end);
  }
  return masked + out.slice(cursor);
}
