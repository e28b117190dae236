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

  /** The first phrase whose words start at `tokens[i]`, if any. */
  at(tokens: readonly string[], i: number): P | undefined {
    return this.byFirstWord
      .get(tokens[i] ?? '')
      ?.find((phrase) => this.wordsOf(phrase).every((word, k) => tokens[i + k] === word));
  }
}
