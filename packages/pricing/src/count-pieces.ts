import type { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import { AsciiPieceMemo, NOT_KEPT } from './ascii-piece-memo.ts';
import { O200K_SPLIT_SOURCE, o200kAsciiPieceEnd } from './o200k-ascii-pieces.ts';

/** The parts of gpt-tokenizer's encoder (3.x) that its own `countTokens` uses on plain text. */
interface BytePairCore {
  tokenSplitRegex: RegExp;
  getBpeRankFromString(piece: string): number | undefined;
  bytePairEncode(piece: string): number[];
  /** The rank of every token whose bytes are valid UTF-8, by its text. */
  bytePairStringRankEncoder: Map<string, number>;
}

/**
 * Counts `text` as plain text (special tokens as the characters they are) the way gpt-tokenizer's
 * `countTokens` does, piece by piece of its split pattern. `matchAll` allocated a match array
 * (index, input, groups) and an iterator result for each of a prompt's pieces, ~14 KB of garbage
 * per gateway request (decision 034); one `match` still built an array of them all. The split
 * pattern's pieces tile a text (any character starts one), so each is found with `test` on a
 * sticky copy of the pattern, where the last one ended, and only its string is made: less than
 * half the bytes of `match` and faster on bench prompts (decision 205). A text they do not tile
 * takes the `match` path. Falls back to `countTokens` if a later version of the package is
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
    typeof core.bytePairEncode !== 'function' ||
    !(core.bytePairStringRankEncoder instanceof Map)
  )
    return countTokens;
  const { tokenSplitRegex } = core;
  const bpe = core as BytePairCore;
  const piecesCounted = new Map<string, number>();
  const uncounted = (piece: string): number =>
    bpe.getBpeRankFromString(piece) !== undefined
      ? 1
      : isAscii(piece)
        ? asciiPartsCount(piece, bpe.bytePairStringRankEncoder)
        : bpe.bytePairEncode(piece).length;
  const tokensOf = (piece: string): number => {
    if (piece.length > LONGEST_PIECE) return inSlices(piece, tokensOf);
    let tokens = piecesCounted.get(piece);
    if (tokens === undefined) {
      tokens = uncounted(piece);
      if (piece.length <= MEMO_PIECE_MAX_CHARS) {
        if (piecesCounted.size >= MEMO_PIECES) piecesCounted.clear();
        piecesCounted.set(ownCopy(piece), tokens);
      }
    }
    return tokens;
  };
  const everyPiece = (text: string): number => {
    const pieces = text.match(tokenSplitRegex);
    if (!pieces) return 0;
    let count = 0;
    for (const piece of pieces) count += tokensOf(piece);
    return count;
  };
  // Flags without `g` and `y` before adding `y`: a pattern already sticky would make a repeated flag.
  const pieceAt = new RegExp(
    tokenSplitRegex.source,
    `${tokenSplitRegex.flags.replace(/[gy]/g, '')}y`,
  );
  // o200k_base's pieces are read by character code where they are ASCII (decision 207).
  const asciiPieceEnd =
    tokenSplitRegex.source === O200K_SPLIT_SOURCE ? o200kAsciiPieceEnd : () => -1;
  // Most of a prompt's pieces are short and ASCII: they are counted without a string made.
  const asciiPieces = new AsciiPieceMemo(MEMO_PIECES);
  const pieceTokens = (text: string, from: number, end: number): number => {
    const held = asciiPieces.get(text, from, end);
    if (held >= 0) return held;
    if (held === NOT_KEPT) return tokensOf(text.slice(from, end));
    const tokens = uncounted(text.slice(from, end));
    asciiPieces.set(text, from, end, tokens);
    return tokens;
  };
  return (text) => {
    let count = 0;
    for (let from = 0; from < text.length; ) {
      let end = asciiPieceEnd(text, from);
      if (end === -1) {
        pieceAt.lastIndex = from;
        // No piece, or an empty one, right where the last ended: the pieces do not tile this
        // text, and `match` (which skips ahead) says what they are.
        if (!pieceAt.test(text) || pieceAt.lastIndex === from) return everyPiece(text);
        end = pieceAt.lastIndex;
      }
      count += pieceTokens(text, from, end);
      from = end;
    }
    return count;
  };
}

/**
 * Merging a piece takes time quadratic in its length. countInSlices keeps runs of space and of
 * other characters short, but the pattern's punctuation piece takes every line break and slash
 * after it, across runs: "!\n/\n/..." of 20,000 characters was one piece and 1.4 s. A piece this
 * long (only such a text makes one) is merged in slices of SLICE_CHARS, off by about a token a
 * slice as countInSlices is on long runs (review of decision 207).
 */
const LONGEST_PIECE = 1_024;
const SLICE_CHARS = 256;

function inSlices(piece: string, tokensOf: (piece: string) => number): number {
  let tokens = 0;
  for (let from = 0; from < piece.length; ) {
    let to = Math.min(from + SLICE_CHARS, piece.length);
    // Never between the two halves of a character outside the BMP.
    const last = piece.charCodeAt(to - 1);
    if (last >= 0xd800 && last <= 0xdbff && to < piece.length) to += 1;
    tokens += tokensOf(piece.slice(from, to));
    from = to;
  }
  return tokens;
}

/**
 * A piece's count depends on the piece alone, and prompts reuse a small vocabulary: counts are
 * remembered per piece. Between two counts the gateway's other stages push the encoding's
 * 200,000-entry rank map out of the processor's caches, so each piece's lookup there costs a few
 * memory reads; this small map stays warm (decision 046: a count of a bench prompt after 32 MB
 * of other reads, 60-80 µs of CPU → ~30). Emptied when full, like the cache's word memos.
 */
const MEMO_PIECES = 8_192;
/** Longer pieces (a run of digits, base64) are rarely seen twice: not kept. */
const MEMO_PIECE_MAX_CHARS = 64;

/**
 * A key the memo can keep without keeping the prompt: V8 copies a substring of fewer than 13
 * characters, but a longer one points into its whole text. Joining forces a copy of the piece
 * alone (only on a miss, ~1 piece in 80 on bench prompts).
 */
function ownCopy(piece: string): string {
  return piece.length < 13 ? piece : ` ${piece}`.slice(1);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * The number of tokens gpt-tokenizer's `bytePairMerge` splits an ASCII piece into, by the same
 * steps on the piece's text instead of its bytes: an ASCII character is one byte, so every pair
 * it would look up is a slice of the text, the key its `getBpeRankFromBytes` finds after
 * encoding the slice, checking it is UTF-8 and decoding it again (~60% of the cost of a piece the
 * memo does not hold; count-pieces.test.ts compares the two on made-up and real words). Same
 * order of merges: the lowest rank first, the leftmost of equal ranks.
 */
function asciiPartsCount(piece: string, ranks: Map<string, number>): number {
  const rankOf = (from: number, to: number | undefined): number =>
    to === undefined
      ? Number.POSITIVE_INFINITY
      : (ranks.get(piece.slice(from, to)) ?? Number.POSITIVE_INFINITY);
  // starts[i] begins part i; pairRanks[i] is the rank of parts i and i + 1 joined.
  const starts: number[] = [];
  const pairRanks: number[] = [];
  for (let i = 0; i <= piece.length; i++) {
    starts.push(i);
    pairRanks.push(i < piece.length - 1 ? rankOf(i, i + 2) : Number.POSITIVE_INFINITY);
  }
  while (starts.length > 1) {
    let lowest = Number.POSITIVE_INFINITY;
    let at = -1;
    for (let i = 0; i < pairRanks.length - 1; i++) {
      const rank = pairRanks[i] as number;
      if (rank < lowest) {
        lowest = rank;
        at = i;
      }
    }
    if (at === -1) break;
    starts.splice(at + 1, 1);
    pairRanks.splice(at, 1);
    pairRanks[at] = rankOf(starts[at] as number, starts[at + 2]);
    if (at > 0) pairRanks[at - 1] = rankOf(starts[at - 1] as number, starts[at + 1]);
  }
  return starts.length - 1;
}
