import type { Logger } from 'pino';

/**
 * Remembers when keys were last used and writes them in one batch every `flushEveryMs`, instead of
 * one UPDATE per request. A batch the database refused is kept for the next flush.
 */
export class LastUsedTracker {
  private pending = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

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
    await this.flush();
  }
}
