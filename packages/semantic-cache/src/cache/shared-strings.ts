/**
 * One copy of each string many entries repeat (a scope, a conversation context, their partition
 * name): V8 keeps a separate copy of every equal string made at run time, ~100 bytes each per
 * entry. Counted, so a string no entry uses any more is let go.
 */
export class SharedStrings {
  private readonly held = new Map<string, { value: string; uses: number }>();

  /** The shared copy of `value`, counting one more use. */
  share(value: string): string {
    const known = this.held.get(value);
    if (known) {
      known.uses++;
      return known.value;
    }
    this.held.set(value, { value, uses: 1 });
    return value;
  }

  release(value: string): void {
    const known = this.held.get(value);
    if (known && --known.uses === 0) this.held.delete(value);
  }

  clear(): void {
    this.held.clear();
  }
}
