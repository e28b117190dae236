import { availableParallelism } from 'node:os';
import type { PiiConfig } from '@tokenwise/pii';
import { Piscina } from 'piscina';
import type {
  CompressedMessages,
  CpuTask,
  DifficultyResult,
  ParsedJson,
  RedactedTexts,
} from './cpu-tasks.ts';
import { attachInSlices, type Detached, detachInSlices } from './large-strings.ts';

/** A task's input without its kind. */
type Args<K extends CpuTask['kind']> = Omit<Extract<CpuTask, { kind: K }>, 'kind'>;

/**
 * Worker threads for the steps whose cost grows with a request's size and that the event loop must
 * not run itself: parsing and writing multi-megabyte JSON bodies, redacting, compressing and scoring
 * long prompts. One thread
 * fewer than the cores, so the event loop keeps a core; threads start on first use and leave after
 * a minute idle. A task given a signal is stopped when it fires (piscina ends its thread).
 */
export interface CpuPool {
  /** `owned`: the Buffer is the only view of its memory, which may then be moved to the worker. */
  parseJson(bytes: Buffer, owned?: boolean): Promise<ParsedJson>;
  /** A provider's answer body → its value, without the request shape limits; throws if not JSON. */
  parseAnswerJson(bytes: Buffer): Promise<unknown>;
  stringifyJson(value: unknown): Promise<Uint8Array>;
  /**
   * `opts.json`: indexes of the texts that are JSON (tool call arguments); `opts.mapped`: those
   * whose offset maps come back.
   */
  redactTexts(
    config: PiiConfig,
    texts: string[],
    opts: { json?: number[]; mapped?: number[]; maxValues: number; budgetMs: number },
  ): Promise<RedactedTexts>;
  compressMessages(
    args: Args<'compressMessages'>,
    signal: AbortSignal,
  ): Promise<CompressedMessages>;
  scoreDifficulty(args: Args<'scoreDifficulty'>, signal: AbortSignal): Promise<DifficultyResult>;
  close(): Promise<void>;
}

/**
 * How long a redaction may wait for a thread before it is refused as over budget: a thread boots
 * in seconds; a minute means the pool is backed up far past what a caller would wait for.
 */
const WORKER_START_MS = 60_000;
/** `started` flag values: 0 waiting for a thread, 1 taken up (set by the worker), 2 settled. */
const TASK_SETTLED = 2;

export function createCpuPool(onError: (err: unknown) => void): CpuPool {
  const pool = new Piscina<CpuTask, unknown>({
    filename: new URL('./worker-entry.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    idleTimeout: 60_000,
  });
  // A thread that fails outside a task (e.g. while loading) must not take the process down with it.
  pool.on('error', onError);
  return {
    async parseJson(bytes, owned = false) {
      // A body Buffer that owns its memory is moved to the worker; a pooled slice is copied.
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const sent = owned || whole ? bytes : Buffer.from(bytes);
      const answer = await pool.run(
        { kind: 'parseJson', bytes: sent },
        { transferList: [sent.buffer as ArrayBuffer] },
      );
      return (await attachInSlices(answer as Detached)) as ParsedJson;
    },
    async parseAnswerJson(bytes) {
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const sent = whole ? bytes : Buffer.from(bytes);
      const answer = (await attachInSlices(
        (await pool.run(
          { kind: 'parseAnswerJson', bytes: sent },
          { transferList: [sent.buffer as ArrayBuffer] },
        )) as Detached,
      )) as { ok: boolean; value?: unknown };
      if (!answer.ok) throw new SyntaxError('Not JSON');
      return answer.value;
    },
    async stringifyJson(value) {
      const { detached, transfer } = await detachInSlices(value);
      return (await pool.run(
        { kind: 'stringifyJson', value: detached },
        { transferList: transfer },
      )) as Uint8Array;
    },
    async redactTexts(config, texts, { json = [], mapped = [], maxValues, budgetMs }) {
      const { detached, transfer } = await detachInSlices(texts);
      // The budget is the scan's: it starts when a thread takes the task up. Handing a 20 MiB
      // prompt over, a thread booting after it idled out (seconds of module loading on a busy
      // machine) and another request's task ahead in the queue are not the prompt's cost, and a
      // refusal for them would be a 413 for a prompt that scans in milliseconds.
      const controller = new AbortController();
      const started = new Int32Array(new SharedArrayBuffer(4));
      let scanStart = 0;
      let timer: NodeJS.Timeout | undefined;
      const waiting = Atomics.waitAsync(started, 0, 0, WORKER_START_MS);
      const armed = Promise.resolve(waiting.value).then((outcome) => {
        if (Atomics.load(started, 0) === TASK_SETTLED) return;
        if (outcome === 'timed-out') return controller.abort();
        scanStart = performance.now();
        timer = setTimeout(() => controller.abort(), budgetMs);
      });
      try {
        const answer = await pool.run(
          {
            kind: 'redactTexts',
            config,
            texts: detached,
            json,
            mapped,
            maxValues,
            started: started.buffer,
          },
          { signal: controller.signal, transferList: transfer },
        );
        await armed;
        // The timer only fires when the loop gets to it: a loop held past the budget can take the
        // worker's answer first. Past the budget is past it, whichever came first.
        if (performance.now() - scanStart > budgetMs) return { ok: false, problem: 'over_budget' };
        return (await attachInSlices(answer as Detached)) as RedactedTexts;
      } catch (err) {
        if (controller.signal.aborted) return { ok: false, problem: 'over_budget' };
        throw err;
      } finally {
        clearTimeout(timer);
        // A task that never started (refused by the pool) must not leave the wait pending.
        if (Atomics.compareExchange(started, 0, 0, TASK_SETTLED) === 0) Atomics.notify(started, 0);
      }
    },
    async compressMessages(args, signal) {
      return (await pool.run(
        { kind: 'compressMessages', ...args },
        { signal },
      )) as CompressedMessages;
    },
    async scoreDifficulty(args, signal) {
      return (await pool.run({ kind: 'scoreDifficulty', ...args }, { signal })) as DifficultyResult;
    },
    close: () => pool.destroy(),
  };
}
