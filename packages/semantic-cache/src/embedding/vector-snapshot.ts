import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import type { WordIndexParts } from './word-index.ts';

/**
 * The word vectors as loadWordVectors keeps them, stored once beside the package they come from
 * (`node_modules/.cache/tokenwise/`, where build tools keep their caches) so that the next process
 * reads 20 MB of arrays instead of parsing 40 MB of JSON: ~1.2 s of CPU at every start becomes
 * ~30 ms. Any doubt (another format, another source file, a short or unwritable file) falls back to
 * parsing; nothing here may stop the embedder from loading.
 */

/** Raised whenever what loadWordVectors keeps changes (the quantisation, the word index layout). */
const FORMAT = 1;
const MAGIC = 'TWWV';
const ALIGN = 8;

export interface VectorArrays {
  dimensions: number;
  size: number;
  sourceSize: number;
  data: Int8Array;
  scales: Float32Array;
  index: WordIndexParts;
}

type SectionName = 'data' | 'scales' | 'units' | 'start' | 'length' | 'slots';
type View = Int8Array | Float32Array | Uint16Array | Int32Array;
const SECTIONS: {
  name: SectionName;
  bytes: number;
  view: (buffer: ArrayBuffer, offset: number, length: number) => View;
}[] = [
  { name: 'data', bytes: 1, view: (b, o, l) => new Int8Array(b, o, l) },
  { name: 'scales', bytes: 4, view: (b, o, l) => new Float32Array(b, o, l) },
  { name: 'units', bytes: 2, view: (b, o, l) => new Uint16Array(b, o, l) },
  { name: 'start', bytes: 4, view: (b, o, l) => new Int32Array(b, o, l) },
  { name: 'length', bytes: 4, view: (b, o, l) => new Int32Array(b, o, l) },
  { name: 'slots', bytes: 4, view: (b, o, l) => new Int32Array(b, o, l) },
];

interface Header {
  format: number;
  key: string;
  dimensions: number;
  size: number;
  sourceSize: number;
  /** Elements per section, in SECTIONS order. */
  lengths: number[];
}

/**
 * Where the snapshot of `file`'s first `maxWords` rows lives, without the extension (derived data
 * such as the common component goes beside it); null when the file is not inside a node_modules
 * folder. The name carries the file's path, size and time and the format, so any change misses.
 */
export function snapshotPrefix(file: string, maxWords: number): string | null {
  const marker = `${sep}node_modules${sep}`;
  const absolute = resolve(file);
  const at = absolute.lastIndexOf(marker);
  if (at < 0) return null;
  let stat: { size: number; mtimeMs: number };
  try {
    stat = statSync(absolute);
  } catch {
    return null;
  }
  const key = createHash('sha256')
    .update(JSON.stringify([FORMAT, absolute, stat.size, stat.mtimeMs, maxWords]))
    .digest('hex')
    .slice(0, 16);
  const root = absolute.slice(0, at + marker.length);
  return `${root}.cache${sep}tokenwise${sep}word-vectors-${key}`;
}

export function readSnapshot(prefix: string): VectorArrays | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(`${prefix}.bin`);
  } catch {
    return null;
  }
  try {
    if (bytes.toString('latin1', 0, 4) !== MAGIC) return null;
    const headerLength = bytes.readUInt32LE(4);
    const header = JSON.parse(bytes.toString('utf8', 8, 8 + headerLength)) as Header;
    if (header.format !== FORMAT || !prefix.endsWith(header.key)) return null;
    // The views need offsets aligned to their element size: a file this large is read into an
    // ArrayBuffer of its own, so the offsets in it are the file's; anything else is copied once.
    const buffer =
      bytes.byteOffset === 0 && bytes.buffer instanceof ArrayBuffer
        ? bytes.buffer
        : new Uint8Array(bytes).buffer;
    let offset = aligned(8 + headerLength);
    const views: Partial<Record<SectionName, View>> = {};
    for (const [i, section] of SECTIONS.entries()) {
      const length = header.lengths[i] ?? -1;
      if (!(length >= 0) || offset + length * section.bytes > bytes.length) return null;
      views[section.name] = section.view(buffer, offset, length);
      offset = aligned(offset + length * section.bytes);
    }
    const data = views.data as Int8Array;
    const scales = views.scales as Float32Array;
    if (data.length !== header.size * header.dimensions || scales.length !== header.size)
      return null;
    return {
      dimensions: header.dimensions,
      size: header.size,
      sourceSize: header.sourceSize,
      data,
      scales,
      index: {
        units: views.units as Uint16Array,
        start: views.start as Int32Array,
        length: views.length as Int32Array,
        slots: views.slots as Int32Array,
      },
    };
  } catch {
    return null;
  }
}

/** Writes the snapshot whole or not at all (a rename), and gives up quietly on a read-only disk. */
export function writeSnapshot(prefix: string, arrays: VectorArrays): void {
  const sections: View[] = [
    arrays.data,
    arrays.scales,
    arrays.index.units,
    arrays.index.start,
    arrays.index.length,
    arrays.index.slots,
  ];
  const header: Header = {
    format: FORMAT,
    key: prefix.slice(prefix.lastIndexOf('-') + 1),
    dimensions: arrays.dimensions,
    size: arrays.size,
    sourceSize: arrays.sourceSize,
    lengths: sections.map((s, i) => s.byteLength / (SECTIONS[i]?.bytes ?? 1)),
  };
  const json = Buffer.from(JSON.stringify(header));
  let total = aligned(8 + json.length);
  for (const s of sections) total = aligned(total + s.byteLength);
  const out = Buffer.alloc(total);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 4);
  json.copy(out, 8);
  let offset = aligned(8 + json.length);
  for (const s of sections) {
    out.set(new Uint8Array(s.buffer, s.byteOffset, s.byteLength), offset);
    offset = aligned(offset + s.byteLength);
  }
  writeWhole(`${prefix}.bin`, out);
}

/** Small derived arrays (the common component) cached beside the snapshot. */
export function readCachedFloats(path: string, length: number): Float32Array | null {
  try {
    const bytes = readFileSync(path);
    if (bytes.length !== length * 4) return null;
    const out = new Float32Array(length);
    new Uint8Array(out.buffer).set(bytes);
    return out;
  } catch {
    return null;
  }
}

export function writeCachedFloats(path: string, values: Float32Array): void {
  writeWhole(path, Buffer.from(values.buffer, values.byteOffset, values.byteLength));
}

function writeWhole(path: string, bytes: Uint8Array): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
  } catch {
    // A read-only install parses at every start, as before the snapshot existed.
    try {
      unlinkSync(temporary);
    } catch {}
  }
}

function aligned(offset: number): number {
  return Math.ceil(offset / ALIGN) * ALIGN;
}
