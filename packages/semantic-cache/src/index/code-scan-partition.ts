import { keepAmongBest, placeAmongBest } from './best-k.ts';
import { FlatPartition } from './flat-partition.ts';
import { CODE_WORDS, HammingScratch, hammingNearest, refineNearest } from './hamming-nearest.ts';
import type { Neighbour, Partition } from './partition.ts';
import { SignCodes } from './sign-codes.ts';

export interface CodeScanOptions {
  /**
   * Rows re-scored with the full vectors: the nearest by two codes (256 bits) among the
   * SHORTLIST_PER_CANDIDATE times as many nearest by the first code (128 bits).
   */
  codeCandidates: number;
  /** The most entries the partition is expected to hold (the cache's cap). */
  maxCapacity?: number;
}

const SECOND_CODE_SEED = 0x5eed_0201;

/**
 * The first code's shortlist per row re-scored: 96 for 24. 24 chosen straight by the first code
 * lost near neighbours that 48 did not (decision 200); re-scoring 48 cost ~25 µs more.
 */
const SHORTLIST_PER_CANDIDATE = 4;

/**
 * A scan over short binary codes in place of an HNSW graph (decision 200): every row's 128-bit
 * code is compared with the query's (popcounts of four XORed words), a second code ranks the
 * nearest few, the `codeCandidates` best of those are re-scored with the full vectors, and the
 * best k are returned with the exact cosine, ties in row order as in a scan of every row. An insert
 * or an eviction writes eight words, where refilling a graph slot re-linked its neighbours (~90 µs
 * at the cache's cap). Re-scoring is most of a search: each row read is ~1.2 KB from memory.
 */
export class CodeScanPartition implements Partition {
  private readonly rows: FlatPartition;
  /** Two independent codes: every row's first is scanned, the second read for a shortlist. */
  private readonly coders: [SignCodes, SignCodes];
  private readonly scratch = new HammingScratch();
  private readonly queries = [new Uint32Array(CODE_WORDS), new Uint32Array(CODE_WORDS)];
  private readonly candidates: number;
  /** Row r's codes at words [4r, 4r + 4), kept in step with `rows`. */
  private readonly codes = [new Uint32Array(0), new Uint32Array(0)];

  constructor(dimensions: number, options: CodeScanOptions) {
    this.rows = new FlatPartition(dimensions, options.maxCapacity);
    this.coders = [new SignCodes(dimensions), new SignCodes(dimensions, SECOND_CODE_SEED)];
    this.candidates = options.codeCandidates;
  }

  get size(): number {
    return this.rows.size;
  }

  has(id: string): boolean {
    return this.rows.has(id);
  }

  add(id: string, vector: Float32Array): void {
    this.remove(id);
    this.rows.add(id, vector);
    for (let i = 0; i < this.codes.length; i++) {
      let codes = this.codes[i] ?? new Uint32Array(0);
      if (codes.length < this.rows.capacity * CODE_WORDS) {
        const grown = new Uint32Array(this.rows.capacity * CODE_WORDS);
        grown.set(codes);
        codes = this.codes[i] = grown;
      }
      this.coders[i]?.encode(vector, codes, (this.rows.size - 1) * CODE_WORDS);
    }
  }

  remove(id: string): boolean {
    const slot = this.rows.slotOf(id);
    if (slot === undefined) return false;
    const last = this.rows.size - 1;
    this.rows.remove(id);
    // The rows moved their last into the freed slot; its code follows.
    for (const codes of this.codes)
      codes.copyWithin(slot * CODE_WORDS, last * CODE_WORDS, (last + 1) * CODE_WORDS);
    return true;
  }

  search(vector: Float32Array, k: number): Neighbour[] {
    const best: Neighbour[] = [];
    if (k <= 0 || this.rows.size === 0) return best;
    const [first, second] = this.codes as [Uint32Array, Uint32Array];
    const [firstQuery, secondQuery] = this.queries as [Uint32Array, Uint32Array];
    this.coders[0].encode(vector, firstQuery, 0);
    this.coders[1].encode(vector, secondQuery, 0);
    const wanted = Math.max(k, this.candidates);
    const shortlist = hammingNearest(
      first,
      this.rows.size,
      firstQuery,
      wanted * SHORTLIST_PER_CANDIDATE,
      this.scratch,
    );
    const slots = refineNearest(
      shortlist,
      this.scratch.lastDistances,
      second,
      secondQuery,
      wanted,
      this.scratch,
    );
    // Slots come in row order, so equal similarities keep it, as in FlatPartition.search.
    for (const slot of slots) {
      const similarity = this.rows.similarityAt(slot, vector);
      const at = placeAmongBest(best, k, similarity);
      if (at >= 0) keepAmongBest(best, k, at, { id: this.rows.idAt(slot), similarity });
    }
    return best;
  }

  ids(): Iterable<string> {
    return this.rows.ids();
  }
}
