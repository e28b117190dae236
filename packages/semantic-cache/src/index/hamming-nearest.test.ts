import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../seeded-random.ts';
import { CODE_WORDS, HammingScratch, hammingNearest, refineNearest } from './hamming-nearest.ts';

const popcount = (x: number) => x.toString(2).replaceAll('0', '').length;

describe('hammingNearest', () => {
  it('picks the rows a sort by Hamming distance would, ties in row order', () => {
    const random = seededRandom(200);
    const word = () => Math.floor(random() * 2 ** 32) >>> 0;
    const rows = 300;
    const codes = new Uint32Array(rows * CODE_WORDS);
    const query = Uint32Array.from({ length: CODE_WORDS }, word);
    for (let row = 0; row < rows; row++) {
      for (let w = 0; w < CODE_WORDS; w++) {
        // Mostly the query with a few bits flipped, so distances are small and many tie.
        const flips = row % 7 === 0 ? word() : 1 << Math.floor(random() * 32);
        codes[row * CODE_WORDS + w] = ((query[w] ?? 0) ^ (row % 3 === 0 ? flips : 0)) >>> 0;
      }
    }
    const distance = (row: number) => {
      let d = 0;
      for (let w = 0; w < CODE_WORDS; w++)
        d += popcount(((codes[row * CODE_WORDS + w] ?? 0) ^ (query[w] ?? 0)) >>> 0);
      return d;
    };
    const sorted = Array.from({ length: rows }, (_, row) => row).sort(
      (a, b) => distance(a) - distance(b) || a - b,
    );
    const scratch = new HammingScratch();
    for (const count of [1, 5, 48, 120, 300, 500]) {
      const picked = [...hammingNearest(codes, rows, query, count, scratch)];
      const expected = sorted.slice(0, count).sort((a, b) => a - b);
      assert.deepEqual(picked, expected, `count=${count}`);
    }
  });

  it('counts every bit of all four words', () => {
    const codes = new Uint32Array([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0, 0, 0, 1]);
    const query = new Uint32Array(CODE_WORDS);
    // Row 0 differs in all 128 bits, row 1 in one: row 1 is the nearest.
    assert.deepEqual([...hammingNearest(codes, 2, query, 1, new HammingScratch())], [1]);
  });

  it('refines a shortlist by both distances together, equal totals in row order', () => {
    // Rows 0-4; first distances 0, 3, 1, 2, 1; second codes differ from the query in 4, 0, 2, 1, 2.
    const first = new Uint8Array([0, 3, 1, 2, 1]);
    const second = new Uint32Array(5 * CODE_WORDS);
    [0b1111, 0, 0b11, 0b1, 0b101].forEach((bits, row) => {
      second[row * CODE_WORDS + 2] = bits;
    });
    const query = new Uint32Array(CODE_WORDS);
    // Totals 4, 3, 3, 3, 3: rows 1, 2, 3 are the first three with 3.
    const kept = refineNearest(
      new Int32Array([0, 1, 2, 3, 4]),
      first,
      second,
      query,
      3,
      new HammingScratch(),
    );
    assert.deepEqual([...kept], [1, 2, 3]);
  });

  it('refines a shortlist longer than 65,536 rows', () => {
    // A row's place in the shortlist was packed into 16 bits of its sort key: past 65,536 it
    // spilled into the distance and came back as another row.
    const rows = 70_000;
    const first = new Uint8Array(rows).fill(1);
    first[rows - 1] = 0;
    const shortlist = Int32Array.from({ length: rows }, (_, row) => row);
    const second = new Uint32Array(rows * CODE_WORDS);
    const kept = refineNearest(
      shortlist,
      first,
      second,
      new Uint32Array(CODE_WORDS),
      2,
      new HammingScratch(),
    );
    assert.deepEqual([...kept], [0, rows - 1]);
  });

  it('keeps the rows a sort by (total, place) keeps, with one scratch for many shortlists', () => {
    const random = seededRandom(214);
    const rows = 400;
    const word = () => Math.floor(random() * 2 ** 32) >>> 0;
    const scratch = new HammingScratch();
    for (let trial = 0; trial < 200; trial++) {
      // Few distinct bits, so many totals tie; every total from 0 to 256 can occur.
      const sparse = trial % 2 === 0;
      const bits = () => (sparse ? (word() & word() & word()) >>> 0 : word());
      const second = Uint32Array.from({ length: rows * CODE_WORDS }, bits);
      const first = Uint8Array.from({ length: rows }, () => Math.floor(random() * 129));
      const query = Uint32Array.from({ length: CODE_WORDS }, bits);
      const shortlist = Int32Array.from(
        Array.from({ length: rows }, (_, row) => row).filter(() => random() < 0.3),
      );
      const count = 1 + Math.floor(random() * shortlist.length);
      const total = (row: number) => {
        let d = first[row] ?? 0;
        for (let w = 0; w < CODE_WORDS; w++)
          d += popcount(((second[row * CODE_WORDS + w] ?? 0) ^ (query[w] ?? 0)) >>> 0);
        return d;
      };
      const expected = [...shortlist.keys()]
        .sort((a, b) => total(shortlist[a] ?? 0) - total(shortlist[b] ?? 0) || a - b)
        .slice(0, count)
        .map((place) => shortlist[place] ?? 0)
        .sort((a, b) => a - b);
      const kept = refineNearest(shortlist, first, second, query, count, scratch);
      assert.deepEqual([...kept], expected, `trial ${trial}`);
    }
  });
});
