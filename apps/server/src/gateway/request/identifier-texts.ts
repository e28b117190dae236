import { createHmac } from 'node:crypto';
import { detectPii, type PiiConfig } from '@tokenwise/pii';
import { isJsonObject } from '../../lib/json-shape.ts';
import { type ChatCompletionRequest, invalidParam } from '../types.ts';

/**
 * The identifiers a request carries for the provider's bookkeeping rather than for the model:
 * `user` (an Anthropic caller's `metadata.user_id`, a Responses caller's `safety_identifier` or
 * `user`), OpenAI's `safety_identifier` and `prompt_cache_key`, and OpenAI's `metadata` pairs.
 * The model never reads them, but the provider keeps them (abuse reports, stored completions,
 * cache routing), so each must keep one value per end user across requests: a numbered
 * placeholder would make every user `[EMAIL_REDACTED_1]`. A value that holds personal data is
 * replaced whole by a keyed digest of it instead, the same for the same account and value, and
 * unreadable without the server's key (OpenAI and Anthropic both ask for a hash here). Values
 * with none pass as sent, so opaque ids stay matchable in the provider's dashboards.
 * Decision 155.
 */
export function pseudonymizeIdentifiers(
  request: ChatCompletionRequest,
  config: PiiConfig,
  key: { secret: Buffer; accountId: string },
): ChatCompletionRequest {
  refuseUnboundedMetadata(request.metadata);
  const values = identifierValues(request);
  if (values.length === 0) return request;
  // Past OpenAI's own limits (16 pairs of 64 + 512 characters) the scan is not worth its time
  // on the event loop: every value is replaced unread, which fails closed.
  const scan = values.reduce((n, v) => n + v.length, 0) <= MAX_SCANNED_CHARS;
  const pseudonym = (value: string) =>
    scan && detectPii(value, config).length === 0 ? value : digestOf(value, key);
  const next: ChatCompletionRequest = { ...request };
  for (const field of TOP_LEVEL) {
    const value = request[field];
    if (typeof value === 'string' && value) next[field] = pseudonym(value);
  }
  if (isJsonObject(request.metadata)) {
    next.metadata = Object.fromEntries(
      Object.entries(request.metadata).map(([k, v]) => [
        pseudonym(k),
        typeof v === 'string' ? pseudonym(v) : v,
      ]),
    );
  }
  return next;
}

const TOP_LEVEL = ['user', 'safety_identifier', 'prompt_cache_key'] as const;
const MAX_SCANNED_CHARS = 16 * (64 + 512);
/**
 * Pairs of `metadata` read at all. Each unread one still costs two HMACs on the event loop, and
 * 2.5 million short keys fit the body limit (seconds of stall for every account); no provider
 * takes more than OpenAI's 16 pairs, so a request past four times that is refused, not digested.
 */
const MAX_METADATA_PAIRS = 64;

function refuseUnboundedMetadata(metadata: unknown): void {
  if (!isJsonObject(metadata)) return;
  const pairs = Object.keys(metadata).length;
  if (pairs <= MAX_METADATA_PAIRS) return;
  throw invalidParam(
    'metadata',
    `metadata has ${pairs} pairs: the gateway reads up to ${MAX_METADATA_PAIRS} for personal data before they go to the provider (OpenAI takes 16)`,
  );
}
/** Long enough never to collide within an account, short enough for `safety_identifier`'s 64. */
const DIGEST_HEX = 32;

function identifierValues(request: ChatCompletionRequest): string[] {
  const values: string[] = [];
  for (const field of TOP_LEVEL) {
    const value = request[field];
    if (typeof value === 'string' && value) values.push(value);
  }
  if (isJsonObject(request.metadata)) {
    for (const [k, v] of Object.entries(request.metadata)) {
      values.push(k);
      if (typeof v === 'string') values.push(v);
    }
  }
  return values;
}

function digestOf(value: string, key: { secret: Buffer; accountId: string }): string {
  // A subkey of its own, so this digest can never be confused with anything else the key seals.
  const subkey = createHmac('sha256', key.secret).update('tokenwise pii identifier').digest();
  const digest = createHmac('sha256', subkey).update(`${key.accountId}\u0000${value}`);
  return `tw-${digest.digest('hex').slice(0, DIGEST_HEX)}`;
}
