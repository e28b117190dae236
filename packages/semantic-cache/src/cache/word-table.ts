// Decision 204: a candidate's words are looked up among the query's by char code, without a
// lower-cased string per word. The query's distinct words go to an open-addressing table; a
// word of ASCII characters is hashed and compared in place, lower-cased as it is read.

/** The query's distinct words by number, and slots holding number + 1 (0: empty). */
export interface WordTable {
  readonly keys: readonly string[];
  readonly slots: Int32Array;
  readonly mask: number;
}

/** A table of `keys` (lower case already), each found by its index. */
export function wordTable(keys: readonly string[]): WordTable {
  let size = 16;
  while (size < keys.length * 2) size *= 2;
  const slots = new Int32Array(size);
  const mask = size - 1;
  for (let id = 0; id < keys.length; id++) {
    const key = keys[id] as string;
    let slot = lowerHash(key, 0, key.length) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = id + 1;
  }
  return { keys, slots, mask };
}

/** What `findAsciiWord` answers for a text with a character past ASCII. */
export const NOT_ASCII = -2;

/**
 * The number of `text` from `from` to `to`, lower-cased, among the table's words: -1 when none,
 * NOT_ASCII when a character is past ASCII (its lower case is for `toLowerCase` to say).
 */
export function findAsciiWord(table: WordTable, text: string, from: number, to: number): number {
  let hash = FNV_OFFSET;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) return NOT_ASCII;
    hash = Math.imul(hash ^ lower(code), FNV_PRIME);
  }
  const { keys, slots, mask } = table;
  for (let slot = (hash >>> 0) & mask; ; slot = (slot + 1) & mask) {
    const id = (slots[slot] ?? 0) - 1;
    if (id < 0) return -1;
    if (sameLower(keys[id] as string, text, from, to)) return id;
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the characters, A–Z lower-cased (a no-op on a key, which is lower case). */
function lowerHash(text: string, from: number, to: number): number {
  let hash = FNV_OFFSET;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ lower(text.charCodeAt(i)), FNV_PRIME);
  return hash >>> 0;
}

function sameLower(key: string, text: string, from: number, to: number): boolean {
  if (key.length !== to - from) return false;
  for (let k = 0; k < key.length; k++)
    if (key.charCodeAt(k) !== lower(text.charCodeAt(from + k))) return false;
  return true;
}

function lower(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}
