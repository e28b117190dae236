import { seededRandom } from '../seeded-random.ts';
import { CODE_BITS, CODE_WORDS } from './hamming-nearest.ts';

/**
 * A vector's 128-bit code: the signs of a seeded randomized Walsh–Hadamard transform of it, packed
 * 32 to a word (SimHash, Charikar 2002: two codes differ in a bit with probability angle / π, so
 * the Hamming distance ranks rows by angle). Each input goes, with a random sign, to a place of a
 * block; the transform makes every bit a ±1 sum of all the inputs, as a dense random hyperplane
 * would, for ~n log n additions instead of bits × dimensions multiplies. The first 128 outputs
 * depend only on the block folded to 128 places (a Hadamard row below 128 repeats every 128
 * columns), so inputs are added straight into their folded place and the transform is 128 long.
 * Decision 200: sparser codes (the signs of decision 195's graph projection, each input reaching
 * 4 to 64 of the bits) ranked near neighbours less well.
 */
export class SignCodes {
  /** For input i: its place in the folded block and its sign. */
  private readonly places: Uint16Array;
  private readonly signs: Float32Array;
  private readonly block: Float32Array;

  constructor(
    readonly dimensions: number,
    seed = 0x5eed_0200,
  ) {
    const bits = CODE_BITS;
    const random = seededRandom(seed);
    // Inputs shuffled over as many places as there are inputs, folded: no place holds more than
    // one input above its share, so inputs cancel by chance as little as they can.
    const order = Array.from({ length: dimensions }, (_, i) => i);
    for (let i = dimensions - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    this.places = Uint16Array.from({ length: dimensions }, (_, i) => (order[i] ?? 0) % bits);
    this.signs = Float32Array.from({ length: dimensions }, () => (random() < 0.5 ? -1 : 1));
    this.block = new Float32Array(bits);
  }

  /** Writes the code of `vector` (CODE_WORDS words) into `out` at word `offset`. */
  encode(vector: Float32Array, out: Uint32Array, offset: number): void {
    const a = this.block.fill(0);
    for (let i = 0; i < this.dimensions; i++) {
      const value = vector[i] ?? 0;
      if (value === 0) continue;
      const place = this.places[i] ?? 0;
      a[place] = (a[place] ?? 0) + value * (this.signs[i] ?? 0);
    }
    for (let half = 1; half < a.length; half *= 2) {
      for (let start = 0; start < a.length; start += half * 2) {
        for (let j = start; j < start + half; j++) {
          const x = a[j] ?? 0;
          const y = a[j + half] ?? 0;
          a[j] = x + y;
          a[j + half] = x - y;
        }
      }
    }
    for (let w = 0; w < CODE_WORDS; w++) {
      let word = 0;
      for (let bit = 0; bit < 32; bit++) if ((a[w * 32 + bit] ?? 0) > 0) word |= 1 << bit;
      out[offset + w] = word;
    }
  }
}
