import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addCharacterNgrams } from './lexical-features.ts';

/** The n-grams as strings of the padded word, hashed one by one: what the scan must equal. */
function referenceNgrams(target: Float32Array, word: string, n: number, weight: number): void {
  const padded = `<${word}>`;
  const grams =
    padded.length <= n
      ? [padded]
      : Array.from({ length: padded.length - n + 1 }, (_, i) => padded.slice(i, i + n));
  const each = padded.length <= n ? weight : weight / Math.sqrt(grams.length);
  for (const gram of grams) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < gram.length; i++) hash = Math.imul(hash ^ gram.charCodeAt(i), 0x01000193);
    hash >>>= 0;
    const slot = (hash & 0x7fffffff) % target.length;
    target[slot] = (target[slot] ?? 0) + (hash & 0x80000000 ? -1 : 1) * each;
  }
}

describe('addCharacterNgrams', () => {
  it('adds what the n-grams of the padded word as strings add', () => {
    const words = [
      '',
      'a',
      'ab',
      'abc',
      'k8s',
      'postgres',
      'naïve',
      '<>',
      'straße',
      '😀x',
      'kubernetes',
    ];
    for (const n of [1, 2, 3, 4])
      for (const word of words) {
        const scanned = new Float32Array(64);
        const reference = new Float32Array(64);
        addCharacterNgrams(scanned, word, n, 0.37);
        referenceNgrams(reference, word, n, 0.37);
        assert.deepEqual(
          Buffer.from(scanned.buffer),
          Buffer.from(reference.buffer),
          `${word} n=${n}`,
        );
      }
  });
});
