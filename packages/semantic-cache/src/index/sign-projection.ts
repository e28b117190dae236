import { seededRandom } from '../seeded-random.ts';

/**
 * A fixed sparse random projection (a count sketch with several hashes per input, as in Kane and
 * Nelson's sparse Johnson–Lindenstrauss transforms): each input dimension adds its value, with a
 * random sign, to `perInput` output dimensions. Seeded, so every process, restart and test
 * projects a vector the same way; learned from no data, so nothing is tuned to the eval's texts.
 * The output is scaled to unit length: the graph it feeds compares by inner product.
 */
export class SignProjection {
  /** For input i, its outputs at targets[i * perInput + j], signs in signs[…]. */
  private readonly targets: Uint16Array;
  private readonly signs: Float32Array;

  constructor(
    readonly inputDimensions: number,
    readonly outputDimensions: number,
    private readonly perInput = Math.min(4, outputDimensions),
    seed = 0x5eed_0195,
  ) {
    const random = seededRandom(seed);
    this.targets = new Uint16Array(inputDimensions * perInput);
    this.signs = new Float32Array(inputDimensions * perInput);
    for (let i = 0; i < inputDimensions; i++) {
      const taken = new Set<number>();
      for (let j = 0; j < perInput; j++) {
        let target = Math.floor(random() * outputDimensions);
        // Distinct outputs per input, so no input's weight doubles by chance.
        while (taken.has(target)) target = (target + 1) % outputDimensions;
        taken.add(target);
        this.targets[i * perInput + j] = target;
        this.signs[i * perInput + j] = random() < 0.5 ? -1 : 1;
      }
    }
  }

  /** Projects `vector` into `out` (reused by the caller), unit length unless all zero. */
  project(vector: Float32Array, out: Float32Array): Float32Array {
    out.fill(0);
    const per = this.perInput;
    for (let i = 0; i < this.inputDimensions; i++) {
      const value = vector[i] ?? 0;
      if (value === 0) continue;
      for (let j = i * per; j < i * per + per; j++) {
        const t = this.targets[j] ?? 0;
        out[t] = (out[t] ?? 0) + value * (this.signs[j] ?? 0);
      }
    }
    let norm = 0;
    for (let d = 0; d < out.length; d++) norm += (out[d] ?? 0) ** 2;
    if (norm > 0) {
      const scale = 1 / Math.sqrt(norm);
      for (let d = 0; d < out.length; d++) out[d] = (out[d] ?? 0) * scale;
    }
    return out;
  }
}
