import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../seeded-random.ts';
import { CODE_BITS, CODE_WORDS } from './hamming-nearest.ts';
import { SignCodes } from './sign-codes.ts';

const DIMS = 292;
const random = seededRandom(42);
const unit = (v: Float32Array) => v.map((x) => x / Math.hypot(...v));
const randomVector = () => unit(Float32Array.from({ length: DIMS }, () => random() - 0.5));
const code = (codes: SignCodes, v: Float32Array) => {
  const out = new Uint32Array(CODE_WORDS);
  codes.encode(v, out, 0);
  return out;
};
const hamming = (a: Uint32Array, b: Uint32Array) =>
  a.reduce((d, w, i) => d + (((w ^ (b[i] ?? 0)) >>> 0).toString(2).match(/1/g)?.length ?? 0), 0);

describe('SignCodes', () => {
  it('codes the same vector the same way in every instance, at an offset', () => {
    const v = randomVector();
    const out = new Uint32Array(3 * CODE_WORDS);
    new SignCodes(DIMS).encode(v, out, CODE_WORDS);
    assert.deepEqual(out.slice(CODE_WORDS, 2 * CODE_WORDS), code(new SignCodes(DIMS), v));
    assert.deepEqual(out.slice(0, CODE_WORDS), new Uint32Array(CODE_WORDS));
  });

  it('differs in about angle / π of its bits, as random hyperplanes do', () => {
    const codes = new SignCodes(DIMS);
    let near = 0;
    let far = 0;
    const trials = 200;
    for (let t = 0; t < trials; t++) {
      const base = randomVector();
      const noise = randomVector();
      // Cosine ~0.8 with the base (angle ~0.2 π), and an unrelated vector (~0.5 π).
      const close = unit(base.map((x, i) => 0.8 * x + 0.6 * (noise[i] ?? 0)));
      near += hamming(code(codes, base), code(codes, close));
      far += hamming(code(codes, base), code(codes, randomVector()));
    }
    const angle = (cosine: number) => Math.acos(cosine) / Math.PI;
    assert.ok(Math.abs(near / trials / CODE_BITS - angle(0.8)) < 0.03, `near ${near / trials}`);
    assert.ok(Math.abs(far / trials / CODE_BITS - 0.5) < 0.03, `far ${far / trials}`);
  });
});
