/** An image's width and height in pixels, as its header states them. */
export interface ImageSize {
  width: number;
  height: number;
}

/** `length` bytes from `offset`, or undefined where the input ends or is not readable. */
export type ReadBytes = (offset: number, length: number) => Uint8Array | undefined;

/**
 * The size a base64 data URL's image header states (PNG, JPEG, GIF, WebP), or undefined when the
 * URL is not a base64 image or its header cannot be read. Only the few groups of base64 that hold
 * the header bytes are decoded, never the whole image (decision 175).
 */
export function dataUrlImageSize(url: string): ImageSize | undefined {
  if (!url.startsWith('data:')) return undefined;
  // The media type and parameters come before the comma; looking further would scan the data.
  const comma = url.slice(0, MAX_DATA_URL_PREFIX).indexOf(',');
  if (comma < 0 || !url.slice(0, comma).endsWith(';base64')) return undefined;
  return imageSize(base64Reader(url, comma + 1));
}

/**
 * Reads bytes out of base64 text from `start` on by decoding only the 4-character groups that hold
 * them. Text with anything but base64 characters in those groups (whitespace, a line break) reads
 * as nothing, since its groups would not line up with the bytes.
 */
export function base64Reader(text: string, start = 0): ReadBytes {
  return (offset, length) => {
    if (offset < 0 || length <= 0) return undefined;
    const from = start + Math.floor(offset / 3) * 4;
    const to = Math.min(text.length, start + Math.ceil((offset + length) / 3) * 4);
    if (from >= to) return undefined;
    const chars = text.slice(from, to);
    if (!BASE64_CHARS.test(chars)) return undefined;
    const bytes = Buffer.from(chars, 'base64').subarray(offset % 3, (offset % 3) + length);
    return bytes.length === length ? bytes : undefined;
  };
}

/** The size a PNG, JPEG, GIF or WebP header states; undefined for anything else or a bad header. */
export function imageSize(read: ReadBytes): ImageSize | undefined {
  const head = read(0, 4);
  if (!head) return undefined;
  let size: ImageSize | undefined;
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47)
    size = pngSize(read);
  else if (head[0] === 0xff && head[1] === 0xd8) size = jpegSize(read);
  else if (ascii(head) === 'GIF8') size = gifSize(read);
  else if (ascii(head) === 'RIFF') size = webpSize(read);
  return size && plausible(size) ? size : undefined;
}

const MAX_DATA_URL_PREFIX = 200;
const BASE64_CHARS = /^[A-Za-z0-9+/_-]+=*$/;
/** No provider takes an image with a side past this; a header claiming more is not believed. */
const MAX_SIDE = 65_535;
/** JPEG segments walked before the frame header; real files have a handful (APPn, DQT, DHT). */
const MAX_JPEG_SEGMENTS = 64;

const plausible = ({ width, height }: ImageSize) =>
  width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE;
const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const uint16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const uint16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const uint24le = (b: Uint8Array, at: number) => uint16le(b, at) | ((b[at + 2] ?? 0) << 16);
const uint32be = (b: Uint8Array, at: number) => uint16be(b, at) * 0x10000 + uint16be(b, at + 2);

/** Signature (8 bytes), then the IHDR chunk: length, "IHDR", width and height big-endian. */
function pngSize(read: ReadBytes): ImageSize | undefined {
  const b = read(0, 24);
  if (!b || ascii(b.subarray(12, 16)) !== 'IHDR') return undefined;
  return { width: uint32be(b, 16), height: uint32be(b, 20) };
}

/** "GIF87a" or "GIF89a", then the logical screen's width and height, little-endian. */
function gifSize(read: ReadBytes): ImageSize | undefined {
  const b = read(0, 10);
  if (!b || !/^GIF8[79]a$/.test(ascii(b.subarray(0, 6)))) return undefined;
  return { width: uint16le(b, 6), height: uint16le(b, 8) };
}

/** RIFF container, "WEBP", then the first chunk: VP8 (lossy), VP8L (lossless) or VP8X (extended). */
function webpSize(read: ReadBytes): ImageSize | undefined {
  const b = read(0, 30);
  if (!b || ascii(b.subarray(8, 12)) !== 'WEBP') return undefined;
  const chunk = ascii(b.subarray(12, 16));
  if (chunk === 'VP8 ') {
    // The key frame's start code, then 14-bit width and height (2 bits of scaling above them).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { width: uint16le(b, 26) & 0x3fff, height: uint16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = uint16le(b, 21) | (uint16le(b, 23) << 16);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: uint24le(b, 24) + 1, height: uint24le(b, 27) + 1 };
  return undefined;
}

/**
 * After the start marker, segments each open with 0xFF, a marker byte and (most) a big-endian
 * length; the frame header (SOF0–SOF15 but DHT, JPG and DAC) holds the height, then the width.
 * Only the segments' first bytes are read, and at most MAX_JPEG_SEGMENTS of them.
 */
function jpegSize(read: ReadBytes): ImageSize | undefined {
  let at = 2;
  for (let segment = 0; segment < MAX_JPEG_SEGMENTS; segment++) {
    const b = read(at, 9);
    if (b?.[0] !== 0xff) return undefined;
    const marker = b[1] ?? 0;
    // Fill bytes (0xFF) may pad between segments; standalone markers carry no length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image, or scan data
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: uint16be(b, 7), height: uint16be(b, 5) };
    const length = uint16be(b, 2);
    if (length < 2) return undefined;
    at += 2 + length;
  }
  return undefined;
}
