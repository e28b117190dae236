/**
 * Word → frequency rank for the kept vocabulary, in three typed arrays: the words' UTF-16 code
 * units end to end, where each rank's word starts, and an open-addressing hash table of ranks. A
 * Map of 150,000 strings takes ~16 MB of heap; this takes ~5 MB, with lookups as fast.
 */
/** The arrays a WordIndex is made of, to store it and rebuild it without hashing every word again. */
export interface WordIndexParts {
  units: Uint16Array;
  start: Int32Array;
  length: Int32Array;
  slots: Int32Array;
}

export class WordIndex {
  #units: Uint16Array;
  #used = 0;
  readonly #start: Int32Array;
  readonly #length: Int32Array;
  /** rank + 1 per slot, 0 for empty; at most half full, so probes stay short. */
  readonly #slots: Int32Array;
  readonly #mask: number;

  constructor(capacity: number, parts?: WordIndexParts) {
    if (parts) {
      this.#units = parts.units;
      this.#used = parts.units.length;
      this.#start = parts.start;
      this.#length = parts.length;
      this.#slots = parts.slots;
      this.#mask = parts.slots.length - 1;
      return;
    }
    this.#units = new Uint16Array(capacity * 8);
    this.#start = new Int32Array(capacity);
    this.#length = new Int32Array(capacity);
    const size = 2 ** Math.ceil(Math.log2(Math.max(2, capacity * 2)));
    this.#slots = new Int32Array(size);
    this.#mask = size - 1;
  }

  /** An index made of `parts` as `parts()` gave them (a snapshot read back from disk). */
  static fromParts(parts: WordIndexParts): WordIndex {
    return new WordIndex(0, parts);
  }

  /** The filled arrays, after `trim()`. */
  parts(): WordIndexParts {
    return { units: this.#units, start: this.#start, length: this.#length, slots: this.#slots };
  }

  /**
   * Records `word` at `rank` (0 ≤ rank < capacity); a word seen again takes its latest rank.
   * Returns whether the word was new.
   */
  set(word: string, rank: number): boolean {
    const slot = this.#find(word);
    const known = this.#slots[slot] ?? 0;
    if (known > 0) {
      this.#slots[slot] = rank + 1;
      this.#start[rank] = this.#start[known - 1] ?? 0;
      this.#length[rank] = word.length;
      return false;
    }
    if (this.#used + word.length > this.#units.length) {
      const grown = new Uint16Array(Math.max(this.#units.length * 2, this.#used + word.length));
      grown.set(this.#units);
      this.#units = grown;
    }
    for (let i = 0; i < word.length; i++) this.#units[this.#used + i] = word.charCodeAt(i);
    this.#start[rank] = this.#used;
    this.#length[rank] = word.length;
    this.#used += word.length;
    this.#slots[slot] = rank + 1;
    return true;
  }

  /** The word recorded at `rank`, or undefined past the filled ranks. */
  wordAt(rank: number): string | undefined {
    const length = this.#length[rank];
    if (!length) return undefined;
    const start = this.#start[rank] ?? 0;
    return String.fromCharCode(...this.#units.subarray(start, start + length));
  }

  get(word: string): number | undefined {
    const found = this.#slots[this.#find(word)] ?? 0;
    return found > 0 ? found - 1 : undefined;
  }

  /** Returns the units array to its filled length once every word is in. */
  trim(): void {
    this.#units = this.#units.slice(0, this.#used);
  }

  /** The slot holding `word`, or the empty slot where it would go (FNV-1a, linear probing). */
  #find(word: string): number {
    let hash = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
    for (let slot = hash & this.#mask; ; slot = (slot + 1) & this.#mask) {
      const entry = this.#slots[slot] ?? 0;
      if (entry === 0 || this.#holds(entry - 1, word)) return slot;
    }
  }

  #holds(rank: number, word: string): boolean {
    if (this.#length[rank] !== word.length) return false;
    const start = this.#start[rank] ?? 0;
    for (let i = 0; i < word.length; i++) {
      if (this.#units[start + i] !== word.charCodeAt(i)) return false;
    }
    return true;
  }
}
