import type { GatewayContext } from '../context.ts';
import { promptChars } from '../request/message-text.ts';

// Compression, difficulty scoring and the semantic cache's embedding and guards read the whole
// prompt at 1-5 µs a character when its words are new to their caches (measured on made-up words;
// ordinary prose is several times cheaper). These limits keep each from holding the event loop for
// more than a few tens of milliseconds, whatever the prompt holds.

/**
 * Up to this many characters, compression and difficulty scoring run in the event loop.
 * Compression grows faster than the text on a run of one repeated word or of punctuation pairs
 * ("a@a@…", "a:a:…"): 8,192 such characters held the loop 80-130 ms, 4,096 a quarter of that
 * (decision 094).
 */
export const IN_THREAD_OPTIMIZE_CHARS = 4_096;
/**
 * The semantic cache, which embeds in the event loop, reads prompts up to this many characters;
 * its guards read 2,048 of them whole, and a longer prompt only around a text both share
 * (decision 246).
 */
export const CACHE_MAX_CHARS = 16_384;
/**
 * The semantic cache's keys hash the whole request as JSON on the event loop (images' data, tool
 * definitions and every parameter, not only the prompt's text), about 30 ns a character with the
 * garbage it leaves: a request holding more characters than this skips the cache (decision 094).
 */
export const CACHE_MAX_KEY_CHARS = 1024 * 1024;
/** Compression and scoring run in the worker pool up to this many characters, and not beyond. */
export const OPTIMIZE_MAX_CHARS = 512 * 1024;
/**
 * Up to this many messages, compression and difficulty scoring run in the event loop. Each message
 * costs them some microseconds however short it is: 80,000 empty messages held the loop ~0.6 s
 * (decision 094).
 */
export const IN_THREAD_OPTIMIZE_MESSAGES = 256;
/** Compression, the semantic cache and routing read requests of up to this many messages. */
export const OPTIMIZE_MAX_MESSAGES = 4_096;
/** A compression or scoring still running after this long is stopped; the request goes on without. */
export const OPTIMIZE_BUDGET_MS = 5_000;

const count = (n: number) => n.toLocaleString('en-US');

/** Measures the prompt once; a prompt over every limit is noted here, once, with the reason. */
export function limitOptimizations(ctx: GatewayContext): void {
  ctx.promptChars = promptChars(ctx.request.messages);
  if (ctx.promptChars > OPTIMIZE_MAX_CHARS) {
    ctx.optimization.skipped.push(
      `compression, semantic cache and routing skipped: the prompt has ${count(ctx.promptChars)} characters, over the ${count(OPTIMIZE_MAX_CHARS)} they read`,
    );
  } else if (tooManyMessages(ctx)) {
    ctx.optimization.skipped.push(
      `compression, semantic cache and routing skipped: the request has ${count(ctx.request.messages.length)} messages, over the ${count(OPTIMIZE_MAX_MESSAGES)} they read`,
    );
  }
}

/** More messages than compression, the cache and routing read (noted by limitOptimizations). */
export function tooManyMessages(ctx: GatewayContext): boolean {
  return ctx.request.messages.length > OPTIMIZE_MAX_MESSAGES;
}

/** Where a compression or scoring of this prompt runs, if at all. */
export function whereToOptimize(ctx: GatewayContext): 'here' | 'worker' | 'nowhere' {
  if (ctx.promptChars > OPTIMIZE_MAX_CHARS || tooManyMessages(ctx)) return 'nowhere';
  const inThread =
    ctx.promptChars <= IN_THREAD_OPTIMIZE_CHARS &&
    ctx.request.messages.length <= IN_THREAD_OPTIMIZE_MESSAGES;
  return inThread ? 'here' : 'worker';
}

/** Runs a worker task within OPTIMIZE_BUDGET_MS; undefined (and the reason noted) when it ran out. */
export async function withinBudget<T>(
  ctx: GatewayContext,
  what: string,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T | undefined> {
  const signal = AbortSignal.timeout(OPTIMIZE_BUDGET_MS);
  try {
    return await run(signal);
  } catch (err) {
    if (!signal.aborted) throw err;
    ctx.optimization.skipped.push(
      `${what} skipped: it took longer than ${OPTIMIZE_BUDGET_MS / 1000} s on a ${count(ctx.promptChars)}-character prompt`,
    );
    return undefined;
  }
}

export function cacheSkipReason(ctx: GatewayContext): string | undefined {
  if (ctx.promptChars <= CACHE_MAX_CHARS || ctx.promptChars > OPTIMIZE_MAX_CHARS) return undefined;
  return `semantic cache skipped: the prompt has ${count(ctx.promptChars)} characters, over the ${count(CACHE_MAX_CHARS)} it reads`;
}

/**
 * Characters of every string (and member name) in the request's messages and parameters, counted
 * only up to `limit`: past it the count stops, so a request of a million values is not walked whole.
 */
export function requestCharsUpTo(request: Record<string, unknown>, limit: number): number {
  let chars = 0;
  const stack: unknown[] = [request];
  while (stack.length > 0 && chars <= limit) {
    const value = stack.pop();
    if (typeof value === 'string') chars += value.length;
    else if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, member] of Object.entries(value)) {
        chars += key.length;
        stack.push(member);
      }
    }
  }
  return chars;
}

/** Why the semantic cache leaves this request alone for its size beside the prompt, if it does. */
export function cacheKeySkipReason(ctx: GatewayContext): string | undefined {
  const chars = requestCharsUpTo(
    ctx.request as unknown as Record<string, unknown>,
    CACHE_MAX_KEY_CHARS,
  );
  if (chars <= CACHE_MAX_KEY_CHARS) return undefined;
  return `semantic cache skipped: the request holds more than ${count(CACHE_MAX_KEY_CHARS)} characters (images, tools and parameters included), more than its keys read`;
}
