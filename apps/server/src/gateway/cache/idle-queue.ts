/**
 * Work left over after an answer has gone out, run at a moment the event loop would otherwise
 * wait (`runSoon`: the gateway calls it while a request waits for its provider) instead of right
 * after the answer, when the caller's next request may already be arriving. Bounded so it never
 * piles up: it runs anyway once `maxQueued` items wait or the oldest has waited `maxWaitMs`, and
 * `drain` runs everything queued at once for whoever must see it done (a lookup it could change,
 * removals, close).
 */
export class IdleQueue<T> {
  private queued: T[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Immediate | undefined;

  constructor(
    private readonly run: (item: T) => Promise<unknown>,
    private readonly bounds: { maxQueued: number; maxWaitMs: number },
  ) {}

  /** Items waiting to run, oldest first. */
  waiting(): readonly T[] {
    return this.queued;
  }

  add(item: T): void {
    this.queued.push(item);
    if (this.queued.length >= this.bounds.maxQueued) this.runSoon();
    else this.timer ??= setTimeout(() => void this.drain(), this.bounds.maxWaitMs);
  }

  /** Runs what is queued on the next turn of the loop, after the I/O already started goes out. */
  runSoon(): void {
    if (this.queued.length === 0 || this.soon) return;
    this.soon = setImmediate(() => void this.drain());
  }

  /** Starts everything queued, in order, and resolves once it and all work under way are done. */
  async drain(): Promise<void> {
    clearTimeout(this.timer);
    clearImmediate(this.soon);
    this.timer = undefined;
    this.soon = undefined;
    const items = this.queued;
    this.queued = [];
    for (const item of items) {
      const running: Promise<unknown> = this.run(item).finally(() => this.running.delete(running));
      this.running.add(running);
    }
    await Promise.all([...this.running]);
  }

  /** Whether anything is queued or under way. */
  busy(): boolean {
    return this.queued.length > 0 || this.running.size > 0;
  }
}
