/**
 * Multi-word phrases found in a token list with one map lookup per token: the phrases are kept
 * by their first word, in the order given, so the first listed phrase that matches wins, as it
 * would in a scan of the whole list at every position.
 */
export class PhraseIndex<P> {
  private readonly byFirstWord = new Map<string, P[]>();

  constructor(
    phrases: readonly P[],
    private readonly wordsOf: (phrase: P) => readonly string[],
  ) {
    for (const phrase of phrases) {
      const first = wordsOf(phrase)[0] ?? '';
      const bucket = this.byFirstWord.get(first);
      if (bucket) bucket.push(phrase);
      else this.byFirstWord.set(first, [phrase]);
    }
  }

  /** The first phrase whose words start at `tokens[i]`, if any. Loops, not callbacks: it runs per token. */
  at(tokens: readonly string[], i: number): P | undefined {
    const bucket = this.byFirstWord.get(tokens[i] ?? '');
    if (bucket === undefined) return undefined;
    for (const phrase of bucket) if (this.startsAt(this.wordsOf(phrase), tokens, i)) return phrase;
    return undefined;
  }

  private startsAt(words: readonly string[], tokens: readonly string[], i: number): boolean {
    for (let k = 0; k < words.length; k++) if (tokens[i + k] !== words[k]) return false;
    return true;
  }
}
