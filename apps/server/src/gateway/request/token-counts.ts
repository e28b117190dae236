import { countWith, type EncodingName } from '@tokenwise/pricing';

/**
 * Exact token counts of one request's texts, each text tokenised once per encoding: compression
 * counts the prompt before and after, and difficulty scoring then counts the prompt it was handed
 * (the compressed one, in o200k_base, the encoding of most models), so that count is read back
 * here instead of tokenising the prompt a third time.
 */
export class TokenCounts {
  private readonly byEncoding = new Map<EncodingName, Map<string, number>>();

  count(encoding: EncodingName, text: string): number {
    let counts = this.byEncoding.get(encoding);
    if (!counts) {
      counts = new Map();
      this.byEncoding.set(encoding, counts);
    }
    let tokens = counts.get(text);
    if (tokens === undefined) {
      tokens = countWith(encoding, text);
      counts.set(text, tokens);
    }
    return tokens;
  }

  /** A counter bound to one encoding, in the shape the engines take. */
  counter(encoding: EncodingName): (text: string) => number {
    return (text) => this.count(encoding, text);
  }
}
