import { EventEmitter } from 'node:events';
import type { Dispatcher } from 'undici';
import type { HttpRequestSpec } from '../providers/provider-adapter.ts';
import { errorTypeForStatus } from '../providers/shared/error-type.ts';
import {
  extractProviderCode,
  extractProviderParam,
  extractProviderReason,
  extractRetryDelayMs,
  namesDailyQuota,
} from '../providers/shared/provider-message.ts';
import { GatewayError } from '../types.ts';
import { AttemptError, timedOut, transportFailure } from './attempt-error.ts';
import type { CancelSignal } from './caller-gone.ts';
import { type Deadline, waitBudgetMs } from './deadline.ts';
import { poolFor } from './pools.ts';
import { KEY_INVALID_REASON } from './provider-key-rejected.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import { isRetryableStatus, retryAfterMs } from './retry-policy.ts';

/** A request ready to send: the spec with its JSON body written out. */
export type EncodedRequest = Omit<HttpRequestSpec, 'json'> & { body?: string | Uint8Array };

export interface AttemptOptions extends Deadline {
  signal?: CancelSignal;
  /** Parses a large answer's JSON (default: JSON.parse in this thread); throws if it is not JSON. */
  decodeJson?: JsonDecoder;
}

/** Parses an answer body's bytes; throws when they are not JSON. */
export type JsonDecoder = (bytes: Buffer) => Promise<unknown>;

/**
 * The most a provider's 2xx JSON answer may weigh (decision 095). A real one stays far below: 128
 * choices of a 32 K-token answer, or 2,048 embeddings of 3,072 floats, are ~30 MB. Past it the body
 * is not read further and the caller gets a 502 with code `upstream_answer_too_large`.
 */
export const ANSWER_MAX_BYTES = 64 * 1024 * 1024;
/** The most of a provider's error body that is read: its message is in the first few hundred bytes. */
export const ERROR_BODY_MAX_BYTES = 1024 * 1024;
/** From this size an answer is parsed in the worker pool, as request bodies are (decision 010). */
export const IN_THREAD_ANSWER_BYTES = 256 * 1024;
export const ANSWER_TOO_LARGE = 'upstream_answer_too_large';

const mib = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

export const answerTooLarge = (what: string, limit: number) =>
  new GatewayError(
    502,
    `Upstream sent ${what} over the gateway's ${mib(limit)} limit; it was not read`,
    'api_error',
    ANSWER_TOO_LARGE,
  );

/**
 * One HTTP call through the origin's pool. `timeoutMs` bounds the wait for headers (or less, what
 * is left before `deadlineAt`) and every silence between body bytes. A non-2xx answer is read and thrown as an AttemptError carrying the
 * provider's status and message.
 */
export async function sendHttp(
  spec: EncodedRequest,
  opts: AttemptOptions,
  errorMessage: (status: number, bodyText: string) => string,
): Promise<Dispatcher.ResponseData> {
  const target = targetOf(spec.url);
  const headersMs = waitBudgetMs(opts);
  // undici takes a 0 timeout as none at all.
  if (headersMs === 0) throw new AttemptError(timedOut(), false);
  // undici's headers timer ticks once a second; this one is exact. It only covers the wait for
  // headers: it is cleared before the body is read, which undici's bodyTimeout then watches.
  const waitForHeaders = headersDeadline(headersMs, opts.signal);
  let res: Dispatcher.ResponseData;
  try {
    res = await poolFor(target.origin).request({
      path: target.path,
      method: spec.method,
      headers: spec.headers,
      body: spec.body ?? null,
      signal: waitForHeaders.signal,
      headersTimeout: headersMs,
      bodyTimeout: opts.timeoutMs,
    });
  } catch (err) {
    if (waitForHeaders.expired() && !opts.signal?.aborted) {
      throw new AttemptError(timedOut(), false);
    }
    throw transportFailure(err, opts.signal);
  } finally {
    waitForHeaders.clear();
  }
  if (res.statusCode >= 200 && res.statusCode < 300) return res;
  const read = await readBounded(res.body, ERROR_BODY_MAX_BYTES).catch(() => Buffer.alloc(0));
  // An error body past the limit keeps the provider's status (a 429 is still a 429) with a message
  // saying so; the provider's words are not read.
  const text = read === TOO_LARGE ? '' : read.toString('utf8');
  const message =
    read === TOO_LARGE
      ? `Upstream answered HTTP ${res.statusCode} with an error body over the gateway's ${mib(ERROR_BODY_MAX_BYTES)} limit; it was not read`
      : errorMessage(res.statusCode, text);
  const error = new GatewayError(
    res.statusCode,
    message,
    errorTypeForStatus(res.statusCode),
    extractProviderCode(text) ?? keyRefusalReason(text),
  );
  const param = extractProviderParam(text);
  if (param) error.param = param;
  const limits = rateLimitHeaders(res.headers);
  if (limits) error.rateLimits = limits;
  const waitMs = retryAfterMs(res.headers) ?? extractRetryDelayMs(text);
  if (waitMs !== undefined) error.retryAfterSeconds = Math.ceil(waitMs / 1000);
  // A daily quota (Gemini) says so only in its body; it is told to the caller as OpenAI tells an
  // exhausted quota, with `x-should-retry: false`.
  const told = providerShouldRetry(res.headers) ?? (namesDailyQuota(text) ? false : undefined);
  if (told !== undefined) error.providerShouldRetry = told;
  // The provider's word first, then the status, as both official SDKs decide (decision 143).
  throw new AttemptError(error, told ?? isRetryableStatus(res.statusCode), waitMs);
}

/**
 * The provider's `x-should-retry` (`true` or `false`; OpenAI sends `false` with a 429 for an
 * exhausted quota, which no wait cures), or undefined when it sent none or another value.
 */
function providerShouldRetry(headers: Dispatcher.ResponseData['headers']): boolean | undefined {
  const raw = headers['x-should-retry'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/**
 * Gemini refuses a bad key with HTTP 400 and the reason `API_KEY_INVALID` in its ErrorInfo, not
 * with a 401: that reason becomes the error's code so the key refusal is recognised (decision 095).
 */
function keyRefusalReason(text: string): string | null {
  const reason = extractProviderReason(text);
  return reason === KEY_INVALID_REASON ? reason : null;
}

/**
 * The signal undici watches for one attempt: aborted when `timeoutMs` pass, or when the caller's
 * own signal aborts. With no caller's signal (the gateway's own calls) it is an EventEmitter,
 * which undici takes as a signal: an AbortController, its AbortSignal (an EventTarget) and
 * undici's listener on it made a call 7-12 µs dearer (decision 045). When undici
 * aborts on an emitter it throws RequestAbortedError, on an AbortSignal the signal's reason;
 * either way the attempt fails as timed out below.
 */
function headersDeadline(
  timeoutMs: number,
  callerSignal: CancelSignal | undefined,
): { signal: AbortSignal | EventEmitter; expired(): boolean; clear(): void } {
  let expired = false;
  let signal: AbortSignal | EventEmitter;
  let abort: () => void;
  if (callerSignal instanceof AbortSignal) {
    const controller = new AbortController();
    signal = AbortSignal.any([callerSignal, controller.signal]);
    abort = () => controller.abort();
  } else {
    const emitter = new EventEmitter();
    signal = emitter;
    abort = () => emitter.emit('abort');
    // The caller going away aborts the attempt while undici still reads it, the body included
    // (undici drops its listener once the answer is read); the listener goes with the request.
    if (callerSignal?.aborted) queueMicrotask(abort);
    else callerSignal?.once('abort', abort);
  }
  const timer = setTimeout(() => {
    expired = true;
    abort();
  }, timeoutMs);
  return { signal, expired: () => expired, clear: () => clearTimeout(timer) };
}

// Provider URLs repeat (a base URL, a path per endpoint and model): each is parsed once. Bounded,
// for a deployment that sends to many models or base URLs.
const TARGETS_MAX = 1_000;
const targets = new Map<string, { origin: string; path: string }>();

function targetOf(urlText: string): { origin: string; path: string } {
  let target = targets.get(urlText);
  if (!target) {
    const url = new URL(urlText);
    target = { origin: url.origin, path: `${url.pathname}${url.search}` };
    if (targets.size >= TARGETS_MAX) targets.clear();
    targets.set(urlText, target);
  }
  return target;
}

const TOO_LARGE = Symbol('too large');

/**
 * A body's bytes, or TOO_LARGE once more than `max` arrived (the rest is not read: the connection
 * is closed). Chunks are kept as they come and joined once.
 */
async function readBounded(
  body: Dispatcher.ResponseData['body'],
  max: number,
  chunksIn: AsyncIterable<Uint8Array> = body,
): Promise<Buffer | typeof TOO_LARGE> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunksIn as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      return TOO_LARGE;
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
}

/**
 * The 2xx body as JSON; a cut connection may be retried, a non-JSON answer may not. Providers send
 * a plain answer's headers once it is ready, so its body must arrive within `timeoutMs` too:
 * undici's bodyTimeout only notices silences, and a body that trickles in a few bytes at a time
 * would otherwise hold the caller without bound (a fallback's, only until its deadline). A body over ANSWER_MAX_BYTES is not read past the
 * limit (502, not retried); one from IN_THREAD_ANSWER_BYTES is parsed by `decodeJson`, off the loop.
 */
export async function readJson(
  res: Dispatcher.ResponseData,
  opts: AttemptOptions,
  body: AsyncIterable<Uint8Array> = res.body,
): Promise<unknown> {
  let overdue = false;
  const timer = setTimeout(() => {
    overdue = true;
    res.body.destroy();
  }, waitBudgetMs(opts));
  let bytes: Buffer | typeof TOO_LARGE = Buffer.alloc(0);
  try {
    bytes = await readBounded(res.body, ANSWER_MAX_BYTES, body);
  } catch (err) {
    if (!overdue) throw transportFailure(err, opts.signal);
  } finally {
    clearTimeout(timer);
  }
  if (overdue) throw new AttemptError(timedOut(), false);
  if (bytes === TOO_LARGE)
    throw new AttemptError(answerTooLarge('an answer', ANSWER_MAX_BYTES), false);
  try {
    if (opts.decodeJson && bytes.length >= IN_THREAD_ANSWER_BYTES)
      return await opts.decodeJson(bytes);
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new AttemptError(
      new GatewayError(502, 'Upstream returned an answer that is not JSON', 'api_error'),
      false,
    );
  }
}

/** A 2xx body with its first chunk read, and whether that chunk opens a JSON value. */
export interface PeekedBody {
  json: boolean;
  chunks: AsyncIterable<Uint8Array>;
}

/**
 * Reads the first chunk of a body said to be an event stream: one that opens with `{` or `[` is
 * JSON (no SSE line starts so), which some servers send under `text/event-stream` (decision 095).
 * `chunks` gives the whole body, that first chunk included.
 */
export async function peekBody(res: Dispatcher.ResponseData): Promise<PeekedBody> {
  const reads = res.body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const head = await reads.next();
  const first = head.done ? undefined : head.value;
  let json = false;
  if (first) {
    for (const byte of first) {
      // Whitespace (and a UTF-8 byte order mark) may come before the value.
      if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
      if (byte === 0xef || byte === 0xbb || byte === 0xbf) continue;
      json = byte === 0x7b || byte === 0x5b;
      break;
    }
  }
  // The body's own reads, the first one given back first. Not a generator: a generator here was one
  // more layer of promise jobs on every read of a stream, for nothing but that first read.
  let pending = first;
  const chunks: AsyncIterableIterator<Uint8Array> = {
    [Symbol.asyncIterator]: () => chunks,
    next() {
      if (pending) {
        const value = pending;
        pending = undefined;
        return Promise.resolve({ done: false, value });
      }
      return head.done ? Promise.resolve({ done: true, value: undefined }) : reads.next();
    },
    // Stopping early leaves the body to its owner (open-stream and readJson destroy it), as the
    // generator this replaces did.
    return: (value?: unknown) => {
      pending = undefined;
      return Promise.resolve({ done: true, value });
    },
  };
  return { json, chunks };
}
