/**
 * `count` texts glued from random `pieces` (up to `maxPieces` each), from a fixed-seed linear
 * congruential generator: reproducible random input for the fuzz-style tests.
 */
export function randomTexts(
  seed: number,
  pieces: readonly string[],
  count: number,
  maxPieces: number,
): string[] {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, () => {
    let text = '';
    const length = Math.floor(random() * (maxPieces + 1));
    for (let i = 0; i < length; i += 1) text += pieces[Math.floor(random() * pieces.length)];
    return text;
  });
}
