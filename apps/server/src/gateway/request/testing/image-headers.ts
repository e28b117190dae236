/**
 * Image headers built byte by byte for tests: each is the start of a real file of that format, as
 * far as the header reader looks (decision 175). The pixel data after the header is left out.
 */

export function toDataUrl(mediaType: string, bytes: Uint8Array): string {
  return `data:${mediaType};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** PNG signature, then the IHDR chunk: 8-bit RGB, with its CRC. */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const type = Buffer.from('IHDR');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(ihdr.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, ihdr])));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, length, type, ihdr, crc]);
}

/**
 * SOI, an optional APP1 (EXIF) segment of `exifBytes`, `fillBytes` 0xFF fill bytes, a DQT
 * segment, then the baseline frame header (SOF0, 3 components) and the scan header.
 */
export function jpegHeader(
  width: number,
  height: number,
  opts: { exifBytes?: number; fillBytes?: number } = {},
): Buffer {
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const parts = [Buffer.from([0xff, 0xd8])];
  if (opts.exifBytes) {
    const exif = Buffer.alloc(opts.exifBytes, 0x20);
    exif.write('Exif\0\0', 0);
    parts.push(segment(0xe1, exif));
  }
  parts.push(Buffer.alloc(opts.fillBytes ?? 0, 0xff));
  parts.push(segment(0xdb, Buffer.alloc(65, 1)));
  const frame = Buffer.from([8, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  parts.push(segment(0xc0, frame));
  parts.push(segment(0xda, Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])));
  return Buffer.concat(parts);
}

/** GIF89a and its logical screen descriptor. */
export function gifHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(13);
  b.write('GIF89a', 0);
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}

/** RIFF/WEBP with its first chunk: a lossy key frame, a lossless header or the extended header. */
export function webpHeader(chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0);
  b.writeUInt32LE(1_000, 4);
  b.write('WEBP', 8);
  b.write(chunk, 12);
  b.writeUInt32LE(10, 16);
  if (chunk === 'VP8 ') {
    b.set([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a], 20);
    b.writeUInt16LE(width, 26);
    b.writeUInt16LE(height, 28);
  } else if (chunk === 'VP8L') {
    b[20] = 0x2f;
    // 14 bits width - 1, 14 bits height - 1, alpha and version bits above.
    b.writeUInt32LE(((width - 1) | ((height - 1) << 14)) >>> 0, 21);
  } else {
    b.writeUIntLE(width - 1, 24, 3);
    b.writeUIntLE(height - 1, 27, 3);
  }
  return b;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
