import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { base64Reader, dataUrlImageSize, imageSize, type ReadBytes } from './image-size.ts';
import {
  gifHeader,
  jpegHeader,
  pngHeader,
  toDataUrl,
  webpHeader,
} from './testing/image-headers.ts';

describe('dataUrlImageSize: the size an image header states, from a few bytes of base64', () => {
  test('PNG, JPEG, GIF and WebP (lossy, lossless, extended) headers', () => {
    const cases = [
      ['image/png', pngHeader(1920, 1080), 1920, 1080],
      ['image/jpeg', jpegHeader(4032, 3024), 4032, 3024],
      ['image/gif', gifHeader(640, 480), 640, 480],
      ['image/webp', webpHeader('VP8 ', 1600, 900), 1600, 900],
      ['image/webp', webpHeader('VP8L', 16_383, 2), 16_383, 2],
      ['image/webp', webpHeader('VP8X', 5000, 7000), 5000, 7000],
    ] as const;
    for (const [type, bytes, width, height] of cases)
      assert.deepEqual(dataUrlImageSize(toDataUrl(type, bytes)), { width, height }, type);
  });

  test('the header is read whatever the media type says, and a JPEG past its EXIF segment', () => {
    // Callers label images loosely; the bytes decide.
    assert.deepEqual(dataUrlImageSize(toDataUrl('image/jpeg', pngHeader(30, 40))), {
      width: 30,
      height: 40,
    });
    // A phone photo: a 60 KB APP1 (EXIF) segment and fill bytes before the frame header.
    const photo = jpegHeader(3000, 4000, { exifBytes: 60_000, fillBytes: 3 });
    assert.deepEqual(dataUrlImageSize(toDataUrl('image/jpeg', photo)), {
      width: 3000,
      height: 4000,
    });
  });

  test('truncated, garbage or non-base64 input gives undefined and never throws', () => {
    const png = pngHeader(800, 600);
    const jpeg = jpegHeader(800, 600, { exifBytes: 100 });
    const bad: string[] = [
      '',
      'data:',
      'data:image/png,not-base64',
      'data:image/png;base64,',
      'https://example.com/cat.png',
      toDataUrl('image/png', png.subarray(0, 20)),
      toDataUrl('image/jpeg', jpeg.subarray(0, 30)),
      toDataUrl('image/gif', gifHeader(10, 10).subarray(0, 8)),
      toDataUrl('image/webp', webpHeader('VP8 ', 10, 10).subarray(0, 27)),
      toDataUrl('image/png', Buffer.from('hello, this is not an image at all')),
      toDataUrl('image/png', pngHeader(0, 600)),
      toDataUrl('image/png', pngHeader(100_000, 600)),
      // Line breaks inside the base64 would shift every group: not read rather than misread.
      `data:image/png;base64,${png.toString('base64').replace(/(.{8})/g, '$1\n')}`,
      `data:image/png;base64,${'%%%%'.repeat(10)}`,
    ];
    for (const url of bad) assert.equal(dataUrlImageSize(url), undefined, url.slice(0, 60));
    // A JPEG of nothing but fill bytes, or of endless empty segments, stops after a bounded walk.
    const fills = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(10_000, 0xff)]);
    assert.equal(dataUrlImageSize(toDataUrl('image/jpeg', fills)), undefined);
    const empties = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      ...Array.from({ length: 1_000 }, () => Buffer.from([0xff, 0xe1, 0x00, 0x02])),
    ]);
    assert.equal(dataUrlImageSize(toDataUrl('image/jpeg', empties)), undefined);
  });

  test('a 20 MB image is sized from a few hundred bytes of its base64, never decoded whole', () => {
    const photo = jpegHeader(6000, 4000, { exifBytes: 65_000 });
    const body = Buffer.concat([photo, Buffer.alloc(15_000_000, 0x5a)]).toString('base64');
    let decoded = 0;
    const reader = base64Reader(body);
    const counting: ReadBytes = (offset, length) => {
      decoded += length;
      return reader(offset, length);
    };
    assert.deepEqual(imageSize(counting), { width: 6000, height: 4000 });
    assert.ok(decoded < 200, `${decoded} bytes decoded`);
  });
});
