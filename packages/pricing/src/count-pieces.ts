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
  const piecesSeen = new Map<string, number>();
  const tokensOf = (piece: string) =>
    bpe.getBpeRankFromString(piece) !== undefined ? 1 : bpe.bytePairEncode(piece).length;
  return (text) => {
    const pieces = text.match(tokenSplitRegex);
    if (!pieces) return 0;
    let count = 0;
    for (const piece of pieces) {
      if (piece.length > MEMO_PIECE_CHARS) {
        count += tokensOf(piece);
        continue;
      }
      let tokens = piecesSeen.get(piece);
      if (tokens === undefined) {
        tokens = tokensOf(piece);
        if (piecesSeen.size >= MEMO_PIECES) piecesSeen.clear();
        piecesSeen.set(piece, tokens);
      }
      count += tokens;
    }
    return count;
  };
}

// A piece's count depends on the piece alone, and words repeat: the tokens of recent short pieces
// are remembered (decision 045). Looking one up in this small map is cheaper than in the
// encoding's 200,000-entry rank map, and it skips byte-pair merging for a word that is not one
// token. Only pieces of at most 12 characters: V8 copies a substring that short, while a longer
// one may be a slice that keeps its whole text (a prompt of megabytes) alive while remembered.
const MEMO_PIECE_CHARS = 12;
const MEMO_PIECES = 10_000;
