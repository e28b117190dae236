/**
 * Values worked out from whole texts, kept for the texts seen last: a conversation sends its
 * history and system prompt again with every turn. Bounded by the characters of the texts and of
 * `sizeOf` each value; the least recently read go first. Only for values that depend on the text
 * (and the key's other parts) alone.
 */
export class RecentTexts<V> {
  private readonly kept = new Map<string, V>();
  private chars = 0;

  constructor(
    private readonly maxChars: number,
    private readonly sizeOf: (value: V) => number = () => 0,
  ) {}

  /** The value kept for `key`, or `work()`'s, kept. A key over a tenth of the budget is not kept. */
  get(key: string, work: () => V): V {
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const value = work();
    if (key.length > this.maxChars / 10) return value;
    this.kept.set(key, value);
    this.chars += key.length + this.sizeOf(value);
    for (const [oldest, old] of this.kept) {
      if (this.chars <= this.maxChars) break;
      this.kept.delete(oldest);
      this.chars -= oldest.length + this.sizeOf(old);
    }
    return value;
  }

  /** Characters held, keys and values. */
  get heldChars(): number {
    return this.chars;
  }
}
