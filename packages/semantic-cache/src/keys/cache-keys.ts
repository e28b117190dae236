import { hash } from 'node:crypto';
import { canonicalJson } from './canonical-json.ts';
import { scopeOf } from './scope.ts';

export interface CacheKeyInput {
  accountId: string;
  provider: string;
  modelFamily: string;
  messages: { role: string; content: unknown; [k: string]: unknown }[];
  /** Every request field but messages/model/stream/end-user ids/metadata: tools, temperature… */
  params: Record<string, unknown>;
}

export interface CacheKeys {
  /** sha256 of the normalised whole request: scope, messages and params. */
  exactKey: string;
  /** sha256 of the scope and everything except the last user turn's text. */
  contextFingerprint: string;
  /** The last user turn's text: what the semantic layer compares. */
  queryText: string;
  scope: string;
}

/**
 * Request fields that never change the answer; dropped even if a caller passes them. The end-user
 * ids and OpenAI's prompt-cache routing key would otherwise split one account's cache per end
 * user (decision 155). The service tier (OpenAI's and Anthropic's) changes the price and the wait,
 * not the answer (decision 227).
 */
const IGNORED_PARAMS = new Set([
  'model',
  'messages',
  'stream',
  'stream_options',
  'user',
  'metadata',
  'safety_identifier',
  'prompt_cache_key',
  'service_tier',
]);
/** Anthropic prompt-caching hints: they change billing, not the answer. */
const IGNORED_BLOCK_FIELDS = new Set(['cache_control']);
const QUERY_PLACEHOLDER = { type: 'text', text: '\u0000query' };
const KEY_VERSION = 1;

export function cacheKeys(input: CacheKeyInput): CacheKeys {
  const scope = scopeOf(input);
  const messages = input.messages.map(normaliseMessage);
  const params = Object.fromEntries(
    Object.entries(input.params).filter(([key]) => !IGNORED_PARAMS.has(key)),
  );
  const last = lastUserIndex(messages);
  const queryText = last >= 0 ? textOf(messages[last]?.content) : '';
  // The context keeps the last user turn's non-text parts (an image changes the question).
  const context = messages.map((message, i) =>
    i === last ? { ...message, content: withoutText(message.content) } : message,
  );
  return {
    exactKey: sha256(canonicalJson({ v: KEY_VERSION, scope, messages, params })),
    contextFingerprint: sha256(canonicalJson({ v: KEY_VERSION, scope, context, params })),
    queryText,
    scope,
  };
}

type Message = CacheKeyInput['messages'][number];

/** Trims text, unwraps a lone text part into a plain string and drops prompt-caching hints. */
function normaliseMessage(message: Message): Message {
  const content = normaliseContent(message.content);
  return { ...stripIgnored(message), content };
}

function normaliseContent(content: unknown): unknown {
  if (typeof content === 'string') return normaliseText(content);
  if (!Array.isArray(content)) return content;
  const parts = content.map((part) => {
    if (isTextPart(part)) return { ...stripIgnored(part), text: normaliseText(part.text) };
    return part && typeof part === 'object' ? stripIgnored(part as Record<string, unknown>) : part;
  });
  const [only] = parts;
  return parts.length === 1 && isTextPart(only) && Object.keys(only).length === 2
    ? only.text
    : parts;
}

function normaliseText(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

function stripIgnored<T extends Record<string, unknown>>(value: T): T {
  // Nearly every message and part has no such field: it is kept as it is, since the keys only
  // read it (decision 065).
  if (!hasIgnoredField(value)) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => !IGNORED_BLOCK_FIELDS.has(key)),
  ) as T;
}

function hasIgnoredField(value: Record<string, unknown>): boolean {
  for (const key of IGNORED_BLOCK_FIELDS) if (Object.hasOwn(value, key)) return true;
  return false;
}

function isTextPart(part: unknown): part is { type: 'text'; text: string } {
  return (
    !!part &&
    typeof part === 'object' &&
    (part as { type?: unknown }).type === 'text' &&
    typeof (part as { text?: unknown }).text === 'string'
  );
}

function lastUserIndex(messages: Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === 'user') return i;
  return -1;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isTextPart)
    .map((part) => part.text)
    .join('\n');
}

/**
 * The turn without its text. A text part that carries more than its text (an Anthropic caller's
 * plain-text document: title, citations on or off) keeps the rest: two questions in the same words
 * whose documents differ so are not the same question (decision 143).
 */
function withoutText(content: unknown): unknown {
  if (typeof content === 'string') return [QUERY_PLACEHOLDER];
  if (!Array.isArray(content)) return content;
  const rest = content.flatMap((part) => {
    if (!isTextPart(part)) return [part];
    if (Object.keys(part).length === 2) return [];
    const { text: _text, ...fields } = part as Record<string, unknown>;
    return [fields];
  });
  return [QUERY_PLACEHOLDER, ...rest];
}

/** The one-shot hash: a Hash object per key cost twice as much (decision 030). */
function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}
