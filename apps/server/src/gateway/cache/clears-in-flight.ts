import { type CacheKeyInput, compileQueryPattern } from '@tokenwise/semantic-cache';

// Far more clears than one answer's trip to the provider sees; past them, its store is dropped.
const KEPT_PER_ACCOUNT = 64;

interface Clear {
  seq: number;
  /** A pattern's test of a cached prompt; absent: the whole account. */
  matches?: (queryText: string) => boolean;
}

/**
 * Clears heard while answers were on their way from the provider. A request looked up before a
 * clear (all, or a pattern matching its prompt) must not store its answer after it: Clear All
 * Cache would otherwise leave an entry, and a hit, from a request sent a moment before it.
 */
export class ClearsInFlight {
  private seq = 0;
  private readonly begun = new WeakMap<CacheKeyInput, number>();
  private readonly byAccount = new Map<string, { kept: Clear[]; forgotten: number }>();

  /** A request's cache key was made: what it stores later is measured against clears from now. */
  begin(input: CacheKeyInput): void {
    this.begun.set(input, this.seq);
  }

  cleared(accountId: string, pattern?: string): void {
    this.seq += 1;
    const clears = this.byAccount.get(accountId) ?? { kept: [], forgotten: 0 };
    clears.kept.push(
      pattern === undefined
        ? { seq: this.seq }
        : { seq: this.seq, matches: compileQueryPattern(pattern) },
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
    return clears.kept.some((c) => c.seq > begun && (!c.matches || c.matches(queryText)));
  }
}
