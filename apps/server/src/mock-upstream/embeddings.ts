import { createHash } from 'node:crypto';

const DEFAULT_DIMENSIONS = 64;

/**
 * A deterministic vector: hashed bag of words, L2-normalised. Texts sharing words point the same
 * way, so similarity-based code (semantic cache) behaves sensibly against the mock.
 */
export function mockEmbedding(text: string, dimensions = DEFAULT_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const digest = createHash('sha256').update(word).digest();
    const slot = digest.readUInt32BE(0) % dimensions;
    vector[slot] = (vector[slot] ?? 0) + ((digest[4] ?? 0) & 1 ? 1 : -1);
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) return vector.map((_, i) => (i === 0 ? 1 : 0));
  return vector.map((v) => v / norm);
}
