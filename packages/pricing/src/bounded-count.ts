import { countInSlices } from './count-in-slices.ts';

/**
 * Characters one call counts exactly. Byte-pair encoding of text without repeats (made-up words,
 * base64, a hostile request) runs at 2-10 µs a character once the tokenizer's merge cache stops
 * helping, so a 1 MB prompt would hold the event loop for seconds; 32 Ki characters stay within a
 * few milliseconds.
 */
export const EXACT_COUNT_CHARS = 32_768;

/** Evenly spread samples make up the exact part of an estimate, so one odd region cannot dominate. */
const SAMPLES = 8;
/** How far a sample edge moves to land on whitespace instead of cutting a word in two. */
const EDGE_SEARCH = 64;

/**
 * Counts the texts of one request with `count`, exactly until EXACT_COUNT_CHARS characters have
 * been counted, then by estimate. A text longer than what is left of the allowance is estimated
 * from evenly spread samples of it (whole words, together as long as the allowance left); once
 * the allowance is spent, a text is estimated at the tokens-per-character rate seen so far.
 * Measured error of the estimate: see bounded-count.test.ts (within 2% on uniform text).
 */
export class BoundedTokenCount {
  #left: number;
  #countedChars = 0;
  #countedTokens = 0;
  #estimated = false;

  constructor(
    private readonly count: (text: string) => number,
    allowance = EXACT_COUNT_CHARS,
  ) {
    this.#left = allowance;
  }

  /** Whether any text so far was estimated rather than counted. */
  get estimated(): boolean {
    return this.#estimated;
  }

  tokens(text: string): number {
    if (text.length === 0) return 0;
    if (text.length <= this.#left) {
      const tokens = countInSlices(this.count, text);
      this.#note(text.length, tokens);
      return tokens;
    }
    this.#estimated = true;
    if (this.#left >= SAMPLES * EDGE_SEARCH * 2) return this.#estimateFromSamples(text);
    // Without anything counted yet, about four characters a token, the usual rate for English.
    const rate = this.#countedChars > 0 ? this.#countedTokens / this.#countedChars : 0.25;
    return Math.round(text.length * rate);
  }

  #estimateFromSamples(text: string): number {
    const width = Math.floor(this.#left / SAMPLES);
    const stride = (text.length - width) / (SAMPLES - 1);
    let chars = 0;
    let tokens = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const from = Math.round(i * stride);
      const start = afterWhitespace(text, from);
      const end = Math.max(start, beforeWhitespace(text, from + width));
      const piece = text.slice(start, end);
      chars += piece.length;
      tokens += countInSlices(this.count, piece);
    }
    this.#left = 0;
    // Only what was counted exactly (the samples) sets the rate for later texts.
    this.#countedChars += chars;
    this.#countedTokens += tokens;
    return chars === 0 ? 0 : Math.round((tokens * text.length) / chars);
  }

  #note(chars: number, tokens: number): void {
    this.#left -= chars;
    this.#countedChars += chars;
    this.#countedTokens += tokens;
  }
}

const WHITESPACE = /\s/;

function afterWhitespace(text: string, at: number): number {
  if (at === 0) return 0;
  for (let i = at; i < Math.min(text.length, at + EDGE_SEARCH); i++) {
    if (WHITESPACE.test(text.charAt(i - 1))) return i;
  }
  return at;
}

function beforeWhitespace(text: string, at: number): number {
  if (at >= text.length) return text.length;
  for (let i = at; i > Math.max(0, at - EDGE_SEARCH); i--) {
    if (WHITESPACE.test(text.charAt(i))) return i;
  }
  return at;
}
