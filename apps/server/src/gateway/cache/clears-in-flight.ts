import { type CacheKeyInput, compileQueryPattern } from '@tokenwise/semantic-cache';

// Far more clears than one answer's trip to the provider sees; past them, its store is dropped.
const KEPT_PER_ACCOUNT = 16;
// Longer than any request stays in flight: a clear older than this can no longer cover a store.
export const CLEARS_KEPT_MS = 60 * 60_000;

interface Clear {
  seq: number;
  at: number;
  pattern?: string;
}

interface AccountClears {
  kept: Clear[];
  /** The newest clear no longer kept: a key made before it may have been covered by it. */
  forgotten: number;
}

/**
 * Clears heard while answers were on their way from the provider. A request looked up before a
 * clear (all, or a pattern matching its prompt) must not store its answer after it: Clear All
 * Cache would otherwise leave an entry, and a hit, from a request sent a moment before it.
 */
export class ClearsInFlight {
  private seq = 0;
  private readonly begun = new WeakMap<CacheKeyInput, number>();
  private readonly byAccount = new Map<string, AccountClears>();

  /** A request's cache key was made: what it stores later is measured against clears from now. */
  begin(input: CacheKeyInput): void {
    this.begun.set(input, this.seq);
  }

  cleared(accountId: string, at: number, pattern?: string): void {
    this.seq += 1;
    const clears = this.byAccount.get(accountId) ?? { kept: [], forgotten: 0 };
    clears.kept.push(
      pattern === undefined ? { seq: this.seq, at } : { seq: this.seq, at, pattern },
    );
    const dropped = clears.kept.length > KEPT_PER_ACCOUNT ? clears.kept.shift() : undefined;
    if (dropped) clears.forgotten = dropped.seq;
    this.byAccount.set(accountId, clears);
  }

  /** Whether a clear since `input` was made covers the prompt it stores (`queryText`). */
  covers(input: CacheKeyInput, queryText: string): boolean {
    const begun = this.begun.get(input);
    const clears = this.byAccount.get(input.accountId);
    if (begun === undefined || !clears) return false;
    // A clear no longer kept may have covered it: the answer is dropped, a miss at worst.
    if (begun < clears.forgotten) return true;
    return clears.kept.some(
      (c) =>
        c.seq > begun && (c.pattern === undefined || compileQueryPattern(c.pattern)(queryText)),
    );
  }

  /** Drops clears older than CLEARS_KEPT_MS, and the accounts left with none. */
  forgetOld(now: number): void {
    for (const [accountId, clears] of this.byAccount) {
      clears.kept = clears.kept.filter((c) => now - c.at < CLEARS_KEPT_MS);
      if (clears.kept.length === 0) this.byAccount.delete(accountId);
    }
  }

  /** Accounts with clears kept, for tests of the memory bound. */
  accounts(): number {
    return this.byAccount.size;
  }
}
