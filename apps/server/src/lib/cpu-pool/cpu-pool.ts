import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { CpuTask, ParsedJson } from './cpu-tasks.ts';

/**
 * Worker threads for the steps whose cost grows with a request's size and that the event loop must
 * not run itself: parsing and writing multi-megabyte JSON bodies. One thread fewer than the cores,
 * so the event loop keeps a core; threads start on first use and leave after a minute idle.
 */
export interface CpuPool {
  parseJson(bytes: Buffer): Promise<ParsedJson>;
  stringifyJson(value: unknown): Promise<Uint8Array>;
  close(): Promise<void>;
}

export function createCpuPool(): CpuPool {
  const pool = new Piscina<CpuTask, unknown>({
    filename: new URL('./worker-entry.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    idleTimeout: 60_000,
  });
  return {
    async parseJson(bytes) {
      // A body Buffer that owns its memory is moved to the worker; a pooled slice is copied.
      const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const sent = owned ? bytes : Buffer.from(bytes);
      return (await pool.run(
        { kind: 'parseJson', bytes: sent },
        { transferList: [sent.buffer as ArrayBuffer] },
      )) as ParsedJson;
    },
    async stringifyJson(value) {
      return (await pool.run({ kind: 'stringifyJson', value })) as Uint8Array;
    },
    close: () => pool.destroy(),
  };
}
