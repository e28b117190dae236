import type { AppDeps } from '../../deps.ts';

/**
 * Key lookups may be served from memory only while this instance hears of every change: over a
 * connected Redis bus, or as the single instance an embedded database allows. While the bus is
 * down every lookup asks the database, so a key deleted elsewhere stops working at once.
 */
export function canMemoizeLookups(deps: AppDeps): boolean {
  return deps.bus.shared ? deps.bus.listening() : deps.db.dialect === 'sqlite';
}

/**
 * The changes (deletions, replacements, resyncs) an instance has heard. A read that began before
 * one may have found what it changed: the read serves its own request but is not memoized, or
 * what it found would outlive the change.
 */
export class ChangesHeard {
  private count = 0;

  heard(): void {
    this.count += 1;
  }

  /** Taken before a read: whether no change has been heard since. */
  mark(): () => boolean {
    const at = this.count;
    return () => this.count === at;
  }
}
