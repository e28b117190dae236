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
