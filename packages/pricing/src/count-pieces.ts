import type { GptEncoding } from 'gpt-tokenizer/GptEncoding';

/** The parts of gpt-tokenizer's encoder (3.x) that its own `countTokens` uses on plain text. */
interface BytePairCore {
  tokenSplitRegex: RegExp;
  getBpeRankFromString(piece: string): number | undefined;
  bytePairEncode(piece: string): number[];
}

/**
 * Counts `text` as plain text (special tokens as the characters they are) the way gpt-tokenizer's
 * `countTokens` does, piece by piece of its split pattern, but takes the pieces with one
 * `String.prototype.match` instead of `matchAll`: that allocated a match array (index, input,
 * groups) and an iterator result for each of a prompt's pieces, ~14 KB of garbage per gateway
 * request (decision 034). Falls back to `countTokens` if a later version of the package is
 * shaped differently; count-pieces.test.ts checks both give the same counts.
 */
export function plainTextCounter(
  encoding: GptEncoding,
  countTokens: (text: string) => number,
): (text: string) => number {
  const core = (encoding as unknown as { bytePairEncodingCoreProcessor?: Partial<BytePairCore> })
    .bytePairEncodingCoreProcessor;
  if (
    !core?.tokenSplitRegex?.global ||
    typeof core.getBpeRankFromString !== 'function' ||
    typeof core.bytePairEncode !== 'function'
  )
    return countTokens;
  const { tokenSplitRegex } = core;
  const bpe = core as BytePairCore;
  return (text) => {
    const pieces = text.match(tokenSplitRegex);
    if (!pieces) return 0;
    let count = 0;
    for (const piece of pieces)
      count += bpe.getBpeRankFromString(piece) !== undefined ? 1 : bpe.bytePairEncode(piece).length;
    return count;
  };
}
