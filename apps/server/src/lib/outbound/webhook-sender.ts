import { setTimeout as delay } from 'node:timers/promises';
import { Agent, type Dispatcher, request } from 'undici';
import {
  type AddressPolicy,
  BlockedDestinationError,
  createGuardedAgent,
  type ResolveHost,
} from './guarded-agent.ts';
import { SIGNATURE_HEADER, signatureHeader, TIMESTAMP_HEADER } from './webhook-signature.ts';

export interface WebhookSender {
  /**
   * POSTs `payload` as signed JSON; resolves when a 2xx came back, throws why not otherwise.
   * `retry: false` makes one attempt (someone is waiting on the answer).
   */
  send(url: string, secret: string, payload: unknown, opts?: { retry?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export interface WebhookSenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE: lets webhooks reach this machine and private networks (dev, tests). */
  allowPrivate: boolean;
  /** Seconds in the signature come from here. */
  clock: () => number;
  timeoutMs?: number;
  /** The wait before each retry; its length is the number of retries. */
  retryDelaysMs?: readonly number[];
  maxRedirects?: number;
  resolve?: ResolveHost;
  isBlocked?: AddressPolicy;
}

class PermanentFailure extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Signed webhook delivery: 5 s per attempt, retries with growing waits on network errors, 5xx
 * and 429, none on other 4xx or a refused destination. Redirects are followed by hand, each hop
 * through the same guarded agent, so a redirect to an inside address is refused like a direct one.
 */
export function createWebhookSender(opts: WebhookSenderOptions): WebhookSender {
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const retryDelays = opts.retryDelaysMs ?? [1_000, 4_000];
  const maxRedirects = opts.maxRedirects ?? 3;
  const agent: Dispatcher = opts.allowPrivate
    ? new Agent({ connect: { timeout: timeoutMs } })
    : createGuardedAgent({
        connectTimeoutMs: timeoutMs,
        ...(opts.resolve ? { resolve: opts.resolve } : {}),
        ...(opts.isBlocked ? { isBlocked: opts.isBlocked } : {}),
      });

  async function attempt(target: string, secret: string, body: string): Promise<void> {
    let url = checkedUrl(target);
    for (let hop = 0; ; hop++) {
      const timestamp = Math.floor(opts.clock() / 1000);
      const res = await request(url, {
        method: 'POST',
        dispatcher: agent,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Tokenwise-Alerts/1',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      await res.body.dump();
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode) && typeof location === 'string') {
        if (hop >= maxRedirects) throw new PermanentFailure('Webhook redirected too many times');
        url = checkedUrl(new URL(location, url).toString());
        continue;
      }
      if (res.statusCode >= 200 && res.statusCode < 300) return;
      const message = `Webhook answered HTTP ${res.statusCode}`;
      if (res.statusCode === 429 || res.statusCode >= 500) throw new Error(message);
      throw new PermanentFailure(message);
    }
  }

  return {
    async send(url, secret, payload, sendOpts = {}) {
      const body = JSON.stringify(payload);
      const delays = sendOpts.retry === false ? [] : retryDelays;
      for (let i = 0; ; i++) {
        try {
          return await attempt(url, secret, body);
        } catch (err) {
          const cause = unwrap(err);
          const permanent =
            cause instanceof PermanentFailure || cause instanceof BlockedDestinationError;
          const wait = delays[i];
          if (permanent || wait === undefined) throw new Error(describe(cause));
          await delay(wait);
        }
      }
    },
    close: () => agent.close(),
  };
}

function checkedUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PermanentFailure('Webhook URL is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new PermanentFailure('Webhook URL must use http or https');
  }
  return parsed;
}

/** undici wraps connector errors; the guard's own error is the one worth reporting. */
function unwrap(err: unknown): unknown {
  let e = err;
  for (let depth = 0; depth < 5 && e instanceof Error; depth++) {
    if (e instanceof BlockedDestinationError || e instanceof PermanentFailure) return e;
    if (!(e.cause instanceof Error)) break;
    e = e.cause;
  }
  return err;
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'Webhook timed out';
    return err.message || err.name;
  }
  return String(err);
}
