import { Pool } from 'undici';

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  /** Time to the first byte of the answer's body (the first chunk of a stream). */
  ttfb_p50: number;
  ttfb_p99: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? 0;
}

/**
 * Closed-loop load: `concurrency` workers each send requests back to back until `total` are done
 * (bounded in count and time), timing each one to the last byte of the answer (and to its first, for streams).
 */
export async function runLoad(opts: {
  origin: string;
  path: string;
  headers: Record<string, string>;
  /** The body of the i-th request (lets every request differ, e.g. to defeat a cache). */
  body: string | ((i: number) => string);
  concurrency: number;
  total: number;
  maxSeconds: number;
  /** Stops sending once this says so (checked before each request). */
  stopWhen?: () => boolean;
}): Promise<LoadResult> {
  const pool = new Pool(opts.origin, { connections: opts.concurrency, pipelining: 1 });
  const latencies: number[] = [];
  const firstBytes: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + opts.maxSeconds * 1000;
  const worker = async () => {
    while (issued < opts.total && performance.now() < deadline && !opts.stopWhen?.()) {
      const i = issued++;
      const body = typeof opts.body === 'function' ? opts.body(i) : opts.body;
      const t0 = performance.now();
      try {
        const res = await pool.request({
          method: 'POST',
          path: opts.path,
          headers: opts.headers,
          body,
        });
        let first: number | undefined;
        for await (const _chunk of res.body) first ??= performance.now();
        firstBytes.push((first ?? performance.now()) - t0);
        if (res.statusCode !== 200) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  firstBytes.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    mean: round(latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length)),
    ttfb_p50: round(percentile(firstBytes, 50)),
    ttfb_p99: round(percentile(firstBytes, 99)),
  };
}
