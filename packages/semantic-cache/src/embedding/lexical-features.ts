// Hashed lexical features: they tell apart questions whose word vectors are close but whose words
// are not ("sort" vs "reverse" a list), and they cover words the GloVe vocabulary lacks (product
// names, identifiers). Signed feature hashing keeps collisions unbiased in expectation.

/** Adds `weight` to the hashed slot of `feature` in `target`, with a hashed sign. */
export function addHashedFeature(target: Float32Array, feature: string, weight: number): void {
  const hash = fnv1a(feature);
  const slot = (hash & 0x7fffffff) % target.length;
  const sign = hash & 0x80000000 ? -1 : 1;
  target[slot] = (target[slot] ?? 0) + sign * weight;
}

/** Character n-grams of a word with boundary marks, so "postgres" and "postgresql" overlap. */
export function characterNgrams(word: string, n: number): string[] {
  const padded = `<${word}>`;
  if (padded.length <= n) return [padded];
  const grams: string[] = [];
  for (let i = 0; i + n <= padded.length; i++) grams.push(padded.slice(i, i + n));
  return grams;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
