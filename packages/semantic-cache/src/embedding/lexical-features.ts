// Hashed lexical features: they tell apart questions whose word vectors are close but whose words
// are not ("sort" vs "reverse" a list), and they cover words the GloVe vocabulary lacks (product
// names, identifiers). Signed feature hashing keeps collisions unbiased in expectation.

/** Adds `weight` to the hashed slot of `feature` in `target`, with a hashed sign. */
export function addHashedFeature(target: Float32Array, feature: string, weight: number): void {
  addHashed(target, fnv1a(feature, 0, feature.length), weight);
}

/**
 * Adds each character n-gram of a word with boundary marks (so "postgres" and "postgresql"
 * overlap) as a hashed feature, the word's `weight` shared as weight / √(number of n-grams).
 * The n-grams are hashed where they stand, the marks included as if written around the word:
 * no string per n-gram and no padded copy of the word.
 */
export function addCharacterNgrams(
  target: Float32Array,
  word: string,
  n: number,
  weight: number,
): void {
  const padded = word.length + 2;
  if (padded <= n) {
    addHashed(target, fnv1aPadded(word, 0, padded), weight);
    return;
  }
  const count = padded - n + 1;
  const each = weight / Math.sqrt(count);
  for (let i = 0; i < count; i++) addHashed(target, fnv1aPadded(word, i, i + n), each);
}

const OPEN_MARK = 0x3c; // "<"
const CLOSE_MARK = 0x3e; // ">"

/** FNV-1a of the code units `from`..`to` of `<word>`. */
function fnv1aPadded(word: string, from: number, to: number): number {
  const last = word.length + 1;
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    hash ^= i === 0 ? OPEN_MARK : i === last ? CLOSE_MARK : word.charCodeAt(i - 1);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function addHashed(target: Float32Array, hash: number, weight: number): void {
  const slot = (hash & 0x7fffffff) % target.length;
  const sign = hash & 0x80000000 ? -1 : 1;
  target[slot] = (target[slot] ?? 0) + sign * weight;
}

/** FNV-1a of the UTF-16 code units `from`..`to` of `text`. */
function fnv1a(text: string, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
