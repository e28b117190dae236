// One cell of a side-by-side comparison: every variant measured in each of several rounds, the
// variants interleaved inside a round so a noisy neighbour hurts them alike, the round with the
// median p50 kept per variant.
import type { ChildProcess } from 'node:child_process';
import { type LoadResult, runLoad } from './load.ts';
import { cpuSeconds } from './processes.ts';

export type Measured = LoadResult & { cpu_us_per_request: number };

export async function interleavedRounds<N extends string>(
  names: readonly N[],
  rounds: number,
  measure: (name: N) => Promise<Measured>,
): Promise<Record<N, Measured>> {
  const runs = new Map<N, Measured[]>(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) runs.get(name)?.push(await measure(name));
  }
  return Object.fromEntries(names.map((n) => [n, medianByP50(runs.get(n) ?? [])])) as Record<
    N,
    Measured
  >;
}

/** A warm-up, then the measured load, with the CPU `process` spent per answered request. */
export async function measureLoad(
  load: Omit<Parameters<typeof runLoad>[0], 'total' | 'maxSeconds'>,
  sizes: { warm: number; warmSeconds: number; total: number; seconds: number },
  process: ChildProcess,
): Promise<Measured> {
  await runLoad({ ...load, total: sizes.warm, maxSeconds: sizes.warmSeconds });
  const cpuBefore = cpuSeconds(process.pid);
  const r = await runLoad({ ...load, total: sizes.total, maxSeconds: sizes.seconds });
  const cpuUs = ((cpuSeconds(process.pid) - cpuBefore) * 1e6) / Math.max(1, r.requests);
  return { ...r, cpu_us_per_request: Math.round(cpuUs) };
}

function medianByP50(runs: Measured[]): Measured {
  const sorted = [...runs].sort((a, b) => a.p50 - b.p50);
  return sorted[Math.floor(sorted.length / 2)] as Measured;
}
