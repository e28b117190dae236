// Long strings cross between the event loop and a worker as UTF-8 bytes that are moved, not
// copied, and the event loop's side of the work is done a slice at a time. postMessage clones a
// value in one synchronous step on each side: for a 20 MiB prompt that was 50-120 ms of blocked
// loop per handoff on this project's loaded machine, against ~1 ms per slice here.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Strings this long or longer travel as bytes; shorter ones are cloned with the rest. */
export const LARGE_STRING_CHARS = 64 * 1024;
/** Characters the event loop encodes or decodes before it lets other work run. */
const SLICE_CHARS = 512 * 1024;
const SLICE_BYTES = 1024 * 1024;

type Key = string | number;

/** `value` with every long string replaced by '' and, for each, where it was and its bytes. */
export interface Detached {
  value: unknown;
  strings: { path: Key[]; bytes: Uint8Array[] }[];
}

/** The long strings in `value` and a copy of it without them (containers are copied only on the way to one). */
function takeLongStrings(
  value: unknown,
  path: Key[],
  found: { path: Key[]; text: string }[],
): unknown {
  if (typeof value === 'string') {
    if (value.length < LARGE_STRING_CHARS) return value;
    found.push({ path: [...path], text: value });
    return '';
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      path.push(i);
      const taken = takeLongStrings(item, path, found);
      path.pop();
      if (taken !== item) {
        copy ??= [...value];
        copy[i] = taken;
      }
    });
    return copy ?? value;
  }
  if (isPlainObject(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      path.push(key);
      const taken = takeLongStrings(item, path, found);
      path.pop();
      if (taken !== item) {
        copy ??= { ...value };
        copy[key] = taken;
      }
    }
    return copy ?? value;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Where a slice of `text` from `start` may end without splitting a surrogate pair. */
function sliceEnd(text: string, start: number): number {
  const end = Math.min(text.length, start + SLICE_CHARS);
  const last = text.charCodeAt(end - 1);
  return end < text.length && last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/** The UTF-8 bytes of `text` in a Buffer that is the only view of its memory (safe to move). */
function ownedUtf8(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** Where a slice of `bytes` from `start` may end without splitting a character's bytes. */
function byteSliceEnd(bytes: Uint8Array, start: number): number {
  let end = Math.min(bytes.length, start + SLICE_BYTES);
  // 10xxxxxx continues a character: back up to the byte that starts it.
  while (end < bytes.length && end > start && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  // Only bytes that are not UTF-8 could make that walk reach the start; slice them anyway.
  return end === start ? Math.min(bytes.length, start + SLICE_BYTES) : end;
}

/**
 * For the event loop: `value` ready to post to a worker, its long strings encoded a slice at a
 * time with a turn of the loop between slices, and the buffers to move with it.
 */
export async function detachInSlices(
  value: unknown,
): Promise<{ detached: Detached; transfer: ArrayBuffer[] }> {
  const found: { path: Key[]; text: string }[] = [];
  const skeleton = takeLongStrings(value, [], found);
  const strings: Detached['strings'] = [];
  const transfer: ArrayBuffer[] = [];
  for (const { path, text } of found) {
    const bytes: Uint8Array[] = [];
    for (let start = 0; start < text.length; ) {
      const end = sliceEnd(text, start);
      const slice = ownedUtf8(text.slice(start, end));
      bytes.push(slice);
      transfer.push(slice.buffer as ArrayBuffer);
      start = end;
      await nextTurn();
    }
    strings.push({ path, bytes });
  }
  return { detached: { value: skeleton, strings }, transfer };
}

/** For a worker: the same as detachInSlices, in one go (a worker may block). */
export function detachAtOnce(value: unknown): { detached: Detached; transfer: ArrayBuffer[] } {
  const found: { path: Key[]; text: string }[] = [];
  const skeleton = takeLongStrings(value, [], found);
  const strings = found.map(({ path, text }) => ({ path, bytes: [ownedUtf8(text)] }));
  const transfer = strings.map((s) => s.bytes[0]?.buffer as ArrayBuffer);
  return { detached: { value: skeleton, strings }, transfer };
}

/** For a worker: the value with its long strings back in place (the value is the worker's own copy). */
export function attachAtOnce(detached: Detached): unknown {
  let value = detached.value;
  for (const { path, bytes } of detached.strings) {
    value = put(value, path, bytes.map((b) => utf8(b, 0, b.length)).join(''));
  }
  return value;
}

/**
 * For the event loop: the value a worker sent, its long strings decoded a slice at a time with a
 * turn of the loop between slices. Each comes back as a string of slices joined without copying;
 * V8 makes it one flat string the first time something reads inside it (one memcpy).
 */
export async function attachInSlices(detached: Detached): Promise<unknown> {
  let value = detached.value;
  for (const { path, bytes } of detached.strings) {
    let text = '';
    for (const part of bytes) {
      for (let start = 0; start < part.length; ) {
        const end = byteSliceEnd(part, start);
        text += utf8(part, start, end);
        start = end;
        await nextTurn();
      }
    }
    value = put(value, path, text);
  }
  return value;
}

const utf8 = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8', start, end);

/** Sets `text` at `path` in `value` (a fresh copy made by structured clone), or returns it at the root. */
function put(value: unknown, path: Key[], text: string): unknown {
  if (path.length === 0) return text;
  let node = value as Record<Key, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<Key, unknown>;
  node[path[path.length - 1] as Key] = text;
  return value;
}
