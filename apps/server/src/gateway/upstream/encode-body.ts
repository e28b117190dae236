import type { CpuPool } from '../../lib/cpu-pool/cpu-pool.ts';
import type { JsonDecoder } from './send-http.ts';

/**
 * From this much text in a request body, JSON.stringify runs in a worker thread: it writes about
 * 100-250 MB/s here, so 256 K characters cost the event loop 1-3 ms, a 20 MB prompt 80-200 ms.
 */
export const OFF_THREAD_BODY_CHARS = 256 * 1024;

/** Writes a provider request's JSON body. */
export type JsonEncoder = (value: unknown) => Promise<string | Uint8Array>;

export const encodeInThread: JsonEncoder = async (value) => JSON.stringify(value);

/** In the event loop for ordinary bodies; in the worker pool for bodies with a lot of text. */
export function jsonEncoder(cpu: CpuPool): JsonEncoder {
  return async (value) =>
    textAtLeast(value, OFF_THREAD_BODY_CHARS) ? cpu.stringifyJson(value) : JSON.stringify(value);
}

/** Whether the strings in `value` add up to `chars` characters; stops walking once they do. */
function textAtLeast(value: unknown, chars: number): boolean {
  const stack: unknown[] = [value];
  let total = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      total += node.length;
      if (total >= chars) return true;
    } else if (node !== null && typeof node === 'object') {
      for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push(child);
    }
  }
  return false;
}

/** Large provider answers are parsed in the worker pool (from IN_THREAD_ANSWER_BYTES, send-http.ts). */
export const jsonDecoder =
  (cpu: CpuPool): JsonDecoder =>
  (bytes) =>
    cpu.parseAnswerJson(bytes);
