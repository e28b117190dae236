import { tooManyRequests } from '../../errors/app-error.ts';

/**
 * Exports of one account running at once on this instance. Each holds a batch of up to
 * `EXPORT_BATCH_CHARS` of text and a turn of the loop per batch for as long as its reader is
 * connected: unbounded, one account opening dozens of exports (and reading them slowly) held
 * memory and loop turns every other account's requests share (decision 115).
 */
export const EXPORTS_PER_ACCOUNT = 2;

export class RunningExports {
  private readonly running = new Map<string, number>();

  constructor(private readonly max = EXPORTS_PER_ACCOUNT) {}

  /** Takes a place for `accountId` or throws 429; the returned release may be called any number of times. */
  take(accountId: string): () => void {
    const count = this.running.get(accountId) ?? 0;
    if (count >= this.max) {
      throw tooManyRequests(
        `${this.max} exports of this account are still running; try again when one has finished`,
      );
    }
    this.running.set(accountId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(accountId) ?? 1) - 1;
      if (left > 0) this.running.set(accountId, left);
      else this.running.delete(accountId);
    };
  }
}
