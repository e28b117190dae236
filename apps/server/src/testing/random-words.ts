/**
 * About `bytes` characters of made-up lowercase words (2 to 10 letters), deterministic for a seed.
 * Nearly every word is new, so no tokenizer or embedding cache helps: the costliest kind of prompt
 * for the gateway's text stages, which tests and the gateway bench send in bulk.
 */
export function randomWords(bytes: number, seed = 1): string {
  const next = xorshift32(seed);
  const words: string[] = [];
  let length = 0;
  while (length < bytes) {
    const size = 2 + Math.floor(next() * 9);
    let word = '';
    for (let i = 0; i < size; i++) word += String.fromCharCode(97 + Math.floor(next() * 26));
    words.push(word);
    length += size + 1;
  }
  return words.join(' ');
}

/** Numbers in [0, 1) for a seed: xorshift32, fast, and the same for the same seed on every machine. */
export function xorshift32(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}
