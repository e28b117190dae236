import { EventEmitter } from 'node:events';
import type { Dispatcher } from 'undici';
import type { HttpRequestSpec } from '../providers/provider-adapter.ts';
import { errorTypeForStatus } from '../providers/shared/error-type.ts';
import { extractProviderCode, extractProviderParam } from '../providers/shared/provider-message.ts';
import { GatewayError } from '../types.ts';
import { AttemptError, timedOut, transportFailure } from './attempt-error.ts';
import type { CancelSignal } from './caller-gone.ts';
import { poolFor } from './pools.ts';
import { isRetryableStatus, retryAfterMs } from './retry-policy.ts';

/** A request ready to send: the spec with its JSON body written out. */
export type EncodedRequest = Omit<HttpRequestSpec, 'json'> & { body?: string | Uint8Array };

export interface AttemptOptions {
  timeoutMs: number;
  signal?: CancelSignal;
}

/**
 * One HTTP call through the origin's pool. `timeoutMs` bounds the wait for headers and every
 * silence between body bytes. A non-2xx answer is read and thrown as an AttemptError carrying the
 * provider's status and message.
 */
export async function sendHttp(
  spec: EncodedRequest,
  opts: AttemptOptions,
  errorMessage: (status: number, bodyText: string) => string,
): Promise<Dispatcher.ResponseData> {
  const target = targetOf(spec.url);
  // undici's headers timer ticks once a second; this one is exact. It only covers the wait for
  // headers: it is cleared before the body is read, which undici's bodyTimeout then watches.
  const waitForHeaders = headersDeadline(opts.timeoutMs, opts.signal);
  let res: Dispatcher.ResponseData;
  try {
    res = await poolFor(target.origin).request({
      path: target.path,
      method: spec.method,
      headers: spec.headers,
      body: spec.body ?? null,
      signal: waitForHeaders.signal,
      headersTimeout: opts.timeoutMs,
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
  const text = await res.body.text().catch(() => '');
  const error = new GatewayError(
    res.statusCode,
    errorMessage(res.statusCode, text),
    errorTypeForStatus(res.statusCode),
    extractProviderCode(text),
  );
  const param = extractProviderParam(text);
  if (param) error.param = param;
  const waitMs = retryAfterMs(res.headers);
  if (waitMs !== undefined) error.retryAfterSeconds = Math.ceil(waitMs / 1000);
  throw new AttemptError(error, isRetryableStatus(res.statusCode), waitMs);
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

/**
 * The 2xx body as JSON; a cut connection may be retried, a non-JSON answer may not. Providers send
 * a plain answer's headers once it is ready, so its body must arrive within `timeoutMs` too:
 * undici's bodyTimeout only notices silences, and a body that trickles in a few bytes at a time
 * would otherwise hold the caller without bound.
 */
export async function readJson(
  res: Dispatcher.ResponseData,
  opts: AttemptOptions,
): Promise<unknown> {
  let overdue = false;
  const timer = setTimeout(() => {
    overdue = true;
    res.body.destroy();
  }, opts.timeoutMs);
  let text = '';
  try {
    text = await res.body.text();
  } catch (err) {
    if (!overdue) throw transportFailure(err, opts.signal);
  } finally {
    clearTimeout(timer);
  }
  if (overdue) throw new AttemptError(timedOut(), false);
  try {
    return JSON.parse(text);
  } catch {
    throw new AttemptError(
      new GatewayError(502, 'Upstream returned an answer that is not JSON', 'api_error'),
      false,
    );
  }
}
