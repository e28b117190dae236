// A raw cosine of 0.95 from the local embedder means "almost the same words", so a rewording
// ("Tell me a bedtime story" / "Write a bedtime story") scores 0.92 and misses at the default
// threshold. When the difference check finds no content word changed once synonyms, word forms,
// moved words and framing verbs are folded, the pair is the same question phrased another way:
// its score is lifted onto the top of the scale, keeping its order within it.

/** Score of an agreeing candidate at the floor: the default threshold. */
const AGREED_AT_FLOOR = 0.95;

/** Maps a raw cosine in [floor, 1] onto [0.95, 1]; below the floor the cosine stands. */
export function agreedSimilarity(raw: number, floor: number): number {
  if (raw < floor || floor >= 1) return raw;
  return AGREED_AT_FLOOR + ((raw - floor) * (1 - AGREED_AT_FLOOR)) / (1 - floor);
}
