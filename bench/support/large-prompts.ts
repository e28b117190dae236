// The gateway bench's "large prompts" scenario: small requests' latency alone, then while prompts
// of made-up words (1, 5 and 20 MiB; the gateway's body limit is 20 MiB) arrive one after another,
// with every stage on; and the longest event-loop block in the gateway while each large prompt is
// processed, read from the loop-delay probe preloaded into the gateway (loop-delay-probe.mjs): in
// wall-clock time, and in the loop's own CPU time per turn, which load from other processes on a
// shared machine does not inflate.
import { randomWords } from '../../apps/server/src/testing/random-words.ts';
import { type LoadResult, runLoad } from './load.ts';
import { smallChatLoad } from './unique-prompts.ts';

/** What bench/support/loop-delay-probe.mjs reports (the two schedstat figures null off Linux). */
export interface LoopDelay {
  max_ms: number;
  p99_ms: number;
  mean_ms: number;
  max_cpu_ms: number | null;
  max_unqueued_ms: number | null;
}

export interface LargePromptResults {
  small_concurrency: number;
  small_alone: LoadResult & { loop: LoopDelay };
  small_while_large_arrive: LoadResult & { loop: LoopDelay };
  /** p99 of small requests while large prompts arrive over their p99 alone, in the same run. */
  small_p99_ratio: number;
  large: { mib: number; status: number; seconds: number; loop: LoopDelay }[];
}

export async function measureLargePrompts(opts: {
  gateway: string;
  key: string;
  probe: string;
  sizesMiB: number[];
}): Promise<LargePromptResults> {
  const small = smallChatLoad(opts.gateway, opts.key);
  const { headers } = small;
  const probe = async (path = '/') => (await (await fetch(opts.probe + path)).json()) as LoopDelay;

  await runLoad({ ...small, total: 200, maxSeconds: 3 });
  // The worker threads start on first use (a second or more of loading): not part of the figures.
  const warmUp = await fetch(`${opts.gateway}/v1/chat/completions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: randomWords(512 * 1024, 99) }],
    }),
  });
  await warmUp.arrayBuffer();
  await probe('/reset');
  const alone = await runLoad({ ...small, total: 100_000, maxSeconds: 5 });
  const aloneLoop = await probe();

  // Bodies are built before the clock starts: making 20 MiB of words takes the bench a while.
  const bodies = opts.sizesMiB.map((mib) => ({
    mib,
    body: JSON.stringify({
      model: 'openai/gpt-4o',
      messages: [{ role: 'user', content: randomWords(mib * 1024 * 1024 - 200, mib) }],
    }),
  }));
  const large: LargePromptResults['large'] = [];
  let sending = true;
  const sendLarge = (async () => {
    try {
      for (const { mib, body } of bodies) {
        await probe('/reset');
        const started = performance.now();
        const res = await fetch(`${opts.gateway}/v1/chat/completions`, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(600_000),
        });
        await res.arrayBuffer();
        const seconds = Math.round(performance.now() - started) / 1000;
        large.push({ mib, status: res.status, seconds, loop: await probe() });
      }
    } finally {
      sending = false;
    }
  })();
  const during = await runLoad({
    ...small,
    total: 1_000_000,
    maxSeconds: 900,
    stopWhen: () => !sending,
  });
  await sendLarge;
  return {
    small_concurrency: small.concurrency,
    small_alone: { ...alone, loop: aloneLoop },
    small_while_large_arrive: { ...during, loop: worstOf(large.map((l) => l.loop)) },
    small_p99_ratio: Math.round((100 * during.p99) / Math.max(alone.p99, 1)) / 100,
    large,
  };
}

/** Each figure's worst over several windows. */
function worstOf(loops: LoopDelay[]): LoopDelay {
  const max = (pick: (l: LoopDelay) => number | null) => {
    const values = loops.map(pick).filter((v): v is number => v !== null);
    return values.length ? Math.max(...values) : null;
  };
  return {
    max_ms: max((l) => l.max_ms) ?? 0,
    p99_ms: max((l) => l.p99_ms) ?? 0,
    mean_ms: max((l) => l.mean_ms) ?? 0,
    max_cpu_ms: max((l) => l.max_cpu_ms),
    max_unqueued_ms: max((l) => l.max_unqueued_ms),
  };
}
