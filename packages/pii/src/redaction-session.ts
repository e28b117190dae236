import { detectPii } from './detect-pii.ts';
import { jsonTexts } from './json-texts.ts';
import type { OffsetMap } from './offset-map.ts';
import type { PiiConfig } from './pii-config.ts';
import { PII_KINDS, type PiiKind, type PiiSpan } from './pii-kinds.ts';
import {
  ENCODED_PLACEHOLDER_PATTERN,
  findPlaceholders,
  formatPlaceholder,
  PLACEHOLDER_PATTERN,
} from './placeholder.ts';
import { createStreamRestorer, type StreamRestorer } from './stream-restorer.ts';
import { valueIdentity } from './value-identity.ts';

const LONE_SURROGATE = /\p{Surrogate}/gu;

/**
 * Everything a session knows, as plain data: what a worker thread that redacted a large prompt
 * hands back so the request's own session can restore the answer (see `toState`/`fromState`).
 */
export interface RedactionState {
  placeholderByIdentity: [string, string][];
  originalByPlaceholder: [string, string][];
  issued: Record<PiiKind, number>;
  lastNumber: Record<PiiKind, number>;
  reserved: Record<PiiKind, number[]>;
}

function perKind<T>(make: (kind: PiiKind) => T): Record<PiiKind, T> {
  // A loop, not Object.fromEntries: three of these per request showed ~15 µs profiled (decision 065).
  const values = {} as Record<PiiKind, T>;
  for (const kind of PII_KINDS) values[kind] = make(kind);
  return values;
}

/**
 * One request's redaction: the same value always gets the same placeholder within it, and the
 * placeholders it issued can be turned back into the originals.
 *
 * Caller text may already contain placeholder-shaped tokens ('[EMAIL_REDACTED_1]' pasted from an
 * earlier answer). Their numbers are reserved: our numbering skips them, and `restore` only
 * replaces placeholders this session issued, so the caller's own tokens pass through untouched
 * both ways. Use `redactAll` (or `reserve` on every text first) when a request has several
 * texts, so a token in a later message cannot collide with a number issued for an earlier one.
 */
export class RedactionSession {
  readonly #config: PiiConfig;
  readonly #placeholderByIdentity = new Map<string, string>();
  readonly #originalByPlaceholder = new Map<string, string>();
  readonly #issued = perKind(() => 0);
  readonly #lastNumber = perKind(() => 0);
  readonly #reserved = perKind(() => new Set<number>());

  constructor(config: PiiConfig) {
    this.#config = { ...config };
  }

  static fromState(config: PiiConfig, state: RedactionState): RedactionSession {
    const session = new RedactionSession(config);
    for (const [identity, placeholder] of state.placeholderByIdentity)
      session.#placeholderByIdentity.set(identity, placeholder);
    for (const [placeholder, original] of state.originalByPlaceholder)
      session.#originalByPlaceholder.set(placeholder, original);
    for (const kind of PII_KINDS) {
      session.#issued[kind] = state.issued[kind];
      session.#lastNumber[kind] = state.lastNumber[kind];
      for (const n of state.reserved[kind]) session.#reserved[kind].add(n);
    }
    return session;
  }

  toState(): RedactionState {
    return {
      placeholderByIdentity: [...this.#placeholderByIdentity],
      originalByPlaceholder: [...this.#originalByPlaceholder],
      issued: { ...this.#issued },
      lastNumber: { ...this.#lastNumber },
      reserved: perKind((kind) => [...this.#reserved[kind]]),
    };
  }

  /** How many distinct values were redacted so far (all kinds). */
  get distinctValues(): number {
    return this.#originalByPlaceholder.size;
  }

  /** How many distinct values were redacted, per kind. */
  get counts(): Readonly<Record<PiiKind, number>> {
    return { ...this.#issued };
  }

  hasRedactions(): boolean {
    return this.#originalByPlaceholder.size > 0;
  }

  /** Marks the placeholder-shaped tokens already in `text` as taken, so none is issued again. */
  reserve(text: string): void {
    for (const { kind, n } of findPlaceholders(text)) this.#reserved[kind].add(n);
  }

  redact(text: string): string {
    this.reserve(text);
    return this.#redactReserved(text);
  }

  /**
   * Redacts several texts of one request, reserving caller tokens across all of them first. The
   * texts at the `json` indexes are JSON (tool call arguments): each string in them is redacted
   * read after its property name, and the JSON stays valid (see json-texts.ts).
   */
  redactAll(texts: readonly string[], json?: ReadonlySet<number>): string[] {
    return this.redactAllMapped(texts, json, []).texts;
  }

  /**
   * `redactAll`, and for each text at the `mapped` indexes (plain texts, not JSON) where its
   * placeholders sit (offset-map.ts), in `mapped`'s order: what turns a citation's character
   * offsets into that text back into offsets into the caller's.
   */
  redactAllMapped(
    texts: readonly string[],
    json: ReadonlySet<number> | undefined,
    mapped: readonly number[],
  ): { texts: string[]; offsets: OffsetMap[] } {
    for (const text of texts) this.reserve(text);
    const maps = new Map<number, number[]>(mapped.map((i) => [i, []]));
    // Each text's tokens are reserved above: not looked for a second time.
    const redacted = texts.map((text, i) =>
      json?.has(i) ? this.#redactJsonReserved(text) : this.#redactReserved(text, maps.get(i)),
    );
    return { texts: redacted, offsets: mapped.map((i) => maps.get(i) ?? []) };
  }

  #redactJsonReserved(text: string): string {
    const parts = jsonTexts(text);
    return parts.rebuild(parts.texts.map((part) => this.#redactReserved(part)));
  }

  /** `map`, when given, gets each placeholder's place (offset-map.ts). */
  #redactReserved(text: string, map?: number[]): string {
    const spans = detectPii(text, this.#config);
    if (spans.length === 0) return text;
    let out = '';
    let cursor = 0;
    for (const span of spans) {
      const placeholder = this.#placeholderFor(span);
      out += text.slice(cursor, span.start);
      map?.push(out.length, placeholder.length, span.end - span.start);
      out += placeholder;
      cursor = span.end;
    }
    return out + text.slice(cursor);
  }

  /** Placeholders this session issued become their originals; any other text is left as is. */
  restore(text: string): string {
    if (this.#originalByPlaceholder.size === 0 || !text.includes('_REDACTED_')) return text;
    return text.replace(
      PLACEHOLDER_PATTERN,
      (token) => this.#originalByPlaceholder.get(token) ?? token,
    );
  }

  /**
   * Where `restore` (or, for 'json', `restoreInJson`) changes `text`: each placeholder this session
   * issued and the length of what replaces it (offset-map.ts). An index into an answer the model
   * wrote (an OpenAI url_citation's) becomes one into the answer the caller reads.
   */
  restoreOffsets(text: string, form: 'text' | 'json' = 'text'): OffsetMap {
    const map: number[] = [];
    if (this.#originalByPlaceholder.size === 0 || !text.includes('_REDACTED_')) return map;
    for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
      const original = this.#originalByPlaceholder.get(match[0]);
      if (original === undefined) continue;
      const length = form === 'json' ? JSON.stringify(original).length - 2 : original.length;
      map.push(match.index, match[0].length, length);
    }
    return map;
  }

  /**
   * `restore` for JSON text, a tool call's arguments: each original goes in as the content of a
   * JSON string, so a value with a newline (a PEM key), a quote or a backslash keeps it valid.
   */
  restoreInJson(text: string): string {
    if (this.#originalByPlaceholder.size === 0 || !text.includes('_REDACTED_')) return text;
    return text.replace(PLACEHOLDER_PATTERN, (token) => {
      const original = this.#originalByPlaceholder.get(token);
      return original === undefined ? token : JSON.stringify(original).slice(1, -1);
    });
  }

  /**
   * `restore` for a URL (an OpenAI url_citation's): a placeholder written as is becomes the value
   * as is, one percent-encoded ('%5BEMAIL_REDACTED_1%5D', as a search URL carries it) becomes the
   * value percent-encoded, so the URL decodes to the caller's value.
   */
  restoreInUrl(url: string): string {
    if (this.#originalByPlaceholder.size === 0 || !url.includes('_REDACTED_')) return url;
    const encodedBack = url.replace(ENCODED_PLACEHOLDER_PATTERN, (token, inner: string) => {
      const original = this.#originalByPlaceholder.get(`[${inner}]`);
      if (original === undefined) return token;
      // A lone surrogate (a pasted password may hold one) makes encodeURIComponent throw.
      return encodeURIComponent(original.replace(LONE_SURROGATE, '\uFFFD'));
    });
    return this.restore(encodedBack);
  }

  /**
   * Restores a streamed answer delta by delta, holding back only a possibly split placeholder;
   * 'json' restores as `restoreInJson` does.
   */
  createStreamRestorer(form: 'text' | 'json' = 'text'): StreamRestorer {
    return createStreamRestorer((text) =>
      form === 'json' ? this.restoreInJson(text) : this.restore(text),
    );
  }

  #placeholderFor(span: PiiSpan): string {
    const { kind, value } = span;
    const identity = valueIdentity(span);
    const known = this.#placeholderByIdentity.get(identity);
    if (known) return known;
    let n = this.#lastNumber[kind] + 1;
    while (this.#reserved[kind].has(n)) n += 1;
    this.#lastNumber[kind] = n;
    this.#issued[kind] += 1;
    const placeholder = formatPlaceholder(kind, n);
    this.#placeholderByIdentity.set(identity, placeholder);
    this.#originalByPlaceholder.set(placeholder, value);
    return placeholder;
  }
}
