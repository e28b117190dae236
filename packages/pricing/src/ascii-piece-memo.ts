// Token counts of short ASCII pieces, held in one typed array and read in place from the text.
//
// A `Map` from piece to count costs a fresh string per piece (the slice), its hash, and three
// scattered memory reads (bucket, entry, key string). Between two counts of one request,
// compression pushes those out of the processor's caches: two counts of a bench prompt took
// ~8 µs in a loop of their own and ~14.6 µs with compression run between them (decision 237, the
// "odd count" of decision 216). Here a piece's slot holds its length, count and characters in
// one 32-byte row, so a lookup makes no string and reads one row.

/** What `get` answers for a piece this memo does not keep (not ASCII, or too long). */
export const NOT_KEPT = -2;

const ROW = 32;
/** A row: length, count, then the characters. */
const MAX_CHARS = ROW - 2;

export class AsciiPieceMemo {
  private readonly rows: Uint8Array;
  private readonly mask: number;
  private size = 0;

  /** Holds up to `capacity` pieces, then starts empty (as the `Map` memo it stands in for did). */
  constructor(private readonly capacity: number) {
    let slots = 1;
    // At most half the slots full, so a probe stays short.
    while (slots < capacity * 2) slots *= 2;
    this.rows = new Uint8Array(slots * ROW);
    this.mask = slots - 1;
  }

  /** The count kept for text[from, end), -1 if none yet, NOT_KEPT if it is not a piece kept here. */
  get(text: string, from: number, end: number): number {
    const at = this.find(text, from, end);
    if (at < 0) return NOT_KEPT;
    return this.rows[at] === 0 ? -1 : (this.rows[at + 1] as number);
  }

  set(text: string, from: number, end: number, tokens: number): void {
    if (tokens > 255) return;
    if (this.size >= this.capacity) {
      this.rows.fill(0);
      this.size = 0;
    }
    const at = this.find(text, from, end);
    if (at < 0 || this.rows[at] !== 0) return;
    const { rows } = this;
    rows[at] = end - from;
    rows[at + 1] = tokens;
    for (let i = from; i < end; i++) rows[at + 2 + i - from] = text.charCodeAt(i);
    this.size += 1;
  }

  /** The row holding the piece, or the empty row where it would go; -1 if not kept here. */
  private find(text: string, from: number, end: number): number {
    const length = end - from;
    if (length < 1 || length > MAX_CHARS) return -1;
    // FNV-1a over the characters, checking each is ASCII on the way.
    let hash = 0x811c9dc5;
    for (let i = from; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c > 0x7f) return -1;
      hash = Math.imul(hash ^ c, 0x01000193);
    }
    const { rows, mask } = this;
    for (let slot = (hash ^ (hash >>> 15)) & mask; ; slot = (slot + 1) & mask) {
      const at = slot * ROW;
      if (rows[at] === 0) return at;
      if (rows[at] === length && sameCharacters(rows, at + 2, text, from, length)) return at;
    }
  }
}

function sameCharacters(
  rows: Uint8Array,
  at: number,
  text: string,
  from: number,
  length: number,
): boolean {
  for (let i = 0; i < length; i++) if (rows[at + i] !== text.charCodeAt(from + i)) return false;
  return true;
}
