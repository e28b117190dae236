// The grid the side-by-side benches share: every variant, JSON and streamed, at concurrency 1, 16
// and 64, each cell in interleaved rounds (interleaved-rounds.ts), every request a new prompt so
// no cache anywhere can answer.
import type { ChildProcess } from 'node:child_process';
import { interleavedRounds, type Measured, measureLoad } from './interleaved-rounds.ts';

const CONCURRENCY = [1, 16, 64];

export interface LoadVariant {
  origin: string;
  path: string;
  headers: Record<string, string>;
  model: string;
  /** The process whose CPU the variant's requests are charged. */
  process: ChildProcess;
  /** Runs before each of its measurements (two variants on one gateway differ by its settings). */
  prepare?: () => Promise<void>;
}

type Sizes = Parameters<typeof measureLoad>[1];

/** Results keyed `json_c1` … `stream_c64`; `report` is told of each cell as it is done. */
export async function measureLoadMatrix<N extends string>(
  variants: Record<N, LoadVariant>,
  opts: {
    rounds: number;
    sizes: (concurrency: number) => Sizes;
    prompt: () => string;
    /** `label` names the cell for a console line (`json   c= 1`). */
    report: (label: string, row: Record<N, Measured>) => void;
  },
): Promise<Record<string, Record<N, Measured>>> {
  const names = Object.keys(variants) as N[];
  const results: Record<string, Record<N, Measured>> = {};
  for (const stream of [false, true]) {
    for (const concurrency of CONCURRENCY) {
      const row = await interleavedRounds(names, opts.rounds, async (name) => {
        const v = variants[name];
        await v.prepare?.();
        const body = () =>
          JSON.stringify({
            model: v.model,
            stream,
            messages: [{ role: 'user', content: opts.prompt() }],
          });
        const load = { origin: v.origin, path: v.path, headers: v.headers, body, concurrency };
        return measureLoad(load, opts.sizes(concurrency), v.process);
      });
      results[`${stream ? 'stream' : 'json'}_c${concurrency}`] = row;
      opts.report(`${stream ? 'stream' : 'json  '} c=${String(concurrency).padStart(2)}`, row);
    }
  }
  return results;
}
