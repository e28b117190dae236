import type { Logger } from 'pino';

/** First uses marked within this long go in one write. */
const FIRST_USE_DELAY_MS = 100;
/** Keys remembered as written; past this many the memory starts over (a few early writes more). */
const MAX_REMEMBERED = 100_000;

/**
 * Remembers when keys were last used and writes them in one batch every `flushEveryMs`, instead of
 * one UPDATE per request. A batch the database refused is kept for the next flush. A key's first
 * use in this process is written at once: the keys screen said 'Never' for up to `flushEveryMs`
 * after a new key's first request, where a later use only moves a time already shown.
 */
export class LastUsedTracker {
  private pending = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private readonly written = new Set<string>();
  private soon: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (batch: Map<string, number>) => Promise<void>,
    private readonly log: Logger,
    private readonly what: string,
    flushEveryMs: number,
  ) {
    this.timer = setInterval(() => void this.flush(), flushEveryMs);
    this.timer.unref();
  }

  mark(id: string, at: number): void {
    this.pending.set(id, at);
    if (this.written.has(id)) return;
    if (this.written.size >= MAX_REMEMBERED) this.written.clear();
    this.written.add(id);
    this.soon ??= setTimeout(() => {
      this.soon = undefined;
      void this.flush();
    }, FIRST_USE_DELAY_MS);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    await this.write(batch).catch((err) => {
      this.log.warn({ err }, `could not record ${this.what} last use; will retry`);
      // Marks made meanwhile are newer: they win.
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
    });
  }

  /** Stops the schedule and writes what is still pending. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.soon);
    this.soon = undefined;
    await this.flush();
  }
}
