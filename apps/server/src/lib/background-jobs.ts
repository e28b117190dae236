import fastq from 'fastq';
import type { Logger } from 'pino';

interface Job {
  name: string;
  run: () => Promise<void>;
}

/**
 * Work that runs after the answer has gone (sending an email), so how long it takes tells the
 * caller nothing. A few run at a time; failures are logged, not thrown.
 */
export interface BackgroundJobs {
  /** Queues `run`; it starts once the current request's answer has been written. */
  enqueue(name: string, run: () => Promise<void>): void;
  /** Resolves when every queued job has finished (shutdown, tests). */
  drain(): Promise<void>;
}

export function createBackgroundJobs(
  log: Logger,
  { concurrency = 4, maxQueued = 1000 } = {},
): BackgroundJobs {
  const queue = fastq.promise(async (job: Job) => {
    try {
      await job.run();
    } catch (err) {
      log.error({ err, job: job.name }, 'background job failed');
    }
  }, concurrency);
  return {
    enqueue(name, run) {
      // A flood (say, forgot-password for thousands of emails) must not grow memory without end.
      if (queue.length() >= maxQueued) {
        log.warn({ job: name }, 'background queue full; job dropped');
        return;
      }
      // setImmediate: the handler's answer is written before the job's first step runs.
      setImmediate(() => void queue.push({ name, run }));
    },
    async drain() {
      // Jobs pushed by setImmediate after this call started are waited for too.
      await new Promise((resolve) => setImmediate(resolve));
      await queue.drained();
    },
  };
}
