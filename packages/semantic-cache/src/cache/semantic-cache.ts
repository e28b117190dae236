import type { Embedder } from '../embedding/embedder.ts';
import {
  checkGuards,
  countsDiffer,
  type GuardFeatures,
  type GuardName,
  guardFeatures,
  refusesAny,
} from '../guards/check-guards.ts';
import { comparisonDiffers } from '../guards/comparison-asked.ts';
import { instructionDiffers, sameTerms } from '../guards/difference.ts';
import { guardsRead } from '../guards/read-bound.ts';
import { VectorIndex, type VectorIndexOptions } from '../index/vector-index.ts';
import { type CacheKeyInput, type CacheKeys, cacheKeys } from '../keys/cache-keys.ts';
import { parseScope } from '../keys/scope.ts';
import {
  createFirstCheckVeto,
  FIRST_CHECK_VETO_ON_BY_DEFAULT,
  type FirstCheckVeto,
} from '../verifier/first-check-veto.ts';
import {
  createPairVerifier,
  PAIR_VERIFIER_ON_BY_DEFAULT,
  type PairVerifier,
} from '../verifier/pair-verifier.ts';
import { agreedSimilarity } from './agreement.ts';
import type {
  CacheEntry,
  HeldEntry,
  InvalidationFilter,
  LookupResult,
  PreparedEntry,
} from './cache-entry.ts';
import { EmbeddingMemo } from './embedding-memo.ts';
import { entryBytes } from './entry-bytes.ts';
import { type AroundContext, judgeAroundSharedText } from './judge-around-shared-text.ts';
import { compileQueryPattern } from './query-pattern.ts';
import { RecentMap } from './recent-map.ts';
import { SharedStrings } from './shared-strings.ts';
import {
  type AroundSharedText,
  aroundSharedText,
  mayCarrySharedText,
  queryWordsOf,
} from './shared-text.ts';
import { sortsFirst } from './sorts-first.ts';

/**
 * Guard features (content words included) of the entries lookups compared with lately. They are
 * worked out from an entry's text on demand, so forgetting them changes no answer; kept for every
 * entry they cost memory that grows with the cache (decision 027).
 */
const FEATURES_KEPT = 256;

export interface SemanticCacheOptions {
  embedder: Embedder;
  /** Epoch milliseconds; injectable so tests can move time. */
  clock?: () => number;
  /** Guards to switch off (all are on by default). */
  guards?: Partial<Record<GuardName, boolean>>;
  /** Neighbours checked per lookup: the best one may be refused by a guard and the next one not. */
  candidates?: number;
  /** Recent embeddings remembered (default 512); many small engines each want fewer. */
  memoCapacity?: number;
  index?: VectorIndexOptions;
  /** Bytes an entry's payload holds in memory, for `bytes()` (0 when not given). */
  payloadBytes?: (payload: unknown) => number;
  /**
   * Ask the pair verifier about the best candidate below the threshold (decision 036); needs an
   * embedder with word vectors (the local one). Default: PAIR_VERIFIER_ON_BY_DEFAULT. A verifier
   * object is used as given: the training script (decision 181) passes one that accepts every
   * candidate, to learn which candidates the second look's guards let through.
   */
  pairVerifier?: boolean | PairVerifier;
  /**
   * A last say over a candidate at or above the threshold that every guard passed (decision 229);
   * needs an embedder with word vectors (the local one). Default: FIRST_CHECK_VETO_ON_BY_DEFAULT.
   * A veto object is used as given: the measuring script passes one that records what it is shown.
   */
  firstCheckVeto?: boolean | FirstCheckVeto;
}

/**
 * The cache engine: an exact layer (exactKey → entry) and a semantic layer (nearest neighbours
 * of the last user turn among entries with the same scope and conversation context), guards
 * against false hits, and TTL. It holds entries in memory only; the gateway persists them and
 * reloads them with `load` at start.
 */
export class SemanticCache {
  private readonly entries = new Map<string, HeldEntry>();
  private readonly byExactKey = new Map<string, string>();
  private readonly index: VectorIndex;
  private readonly memo: EmbeddingMemo;
  private readonly features = new RecentMap<HeldEntry, GuardFeatures>(FEATURES_KEPT);
  private readonly shared = new SharedStrings();
  private heldBytes = 0;
  /** A miss is followed by `prepare` of the same input: its keys and vector are worked out once. */
  private readonly keysOfInput = new WeakMap<
    CacheKeyInput,
    CacheKeys & { vector?: Float32Array }
  >();
  private readonly clock: () => number;
  private readonly candidates: number;
  private readonly verifier: PairVerifier | undefined;
  private readonly veto: FirstCheckVeto | undefined;

  constructor(private readonly opts: SemanticCacheOptions) {
    this.index = new VectorIndex(opts.embedder.dimensions, opts.index);
    this.memo = new EmbeddingMemo(opts.embedder, opts.memoCapacity);
    this.clock = opts.clock ?? Date.now;
    this.candidates = opts.candidates ?? 5;
    const verifier = opts.pairVerifier ?? PAIR_VERIFIER_ON_BY_DEFAULT;
    this.verifier =
      typeof verifier === 'object'
        ? verifier
        : verifier
          ? createPairVerifier(opts.embedder)
          : undefined;
    const veto = opts.firstCheckVeto ?? FIRST_CHECK_VETO_ON_BY_DEFAULT;
    this.veto =
      typeof veto === 'object' ? veto : veto ? createFirstCheckVeto(opts.embedder) : undefined;
  }

  /** Vectors stored with entries must come from this embedder. */
  get embedderId(): string {
    return this.opts.embedder.id;
  }

  /**
   * The exact entry, else the first semantic candidate that meets the threshold and passes the
   * guards. `nearestOnMiss: false` is for a caller that reads only hits (the gateway's request
   * path, decision 144): a miss then comes back without its nearest candidate, so the guards are
   * asked only whether any refuses (cheapest first) and the nearest candidate's lift for agreeing
   * content words (decision 022) is worked out only when a decision reads its similarity. Hits,
   * their entry and their similarity are the same either way.
   */
  async lookup(
    input: CacheKeyInput,
    opts: { threshold: number; nearestOnMiss?: boolean },
  ): Promise<LookupResult> {
    const keys = this.keysOf(input);
    const exact = this.live(this.byExactKey.get(keys.exactKey));
    if (exact && exact.scope === keys.scope) return { kind: 'exact', entry: exact, similarity: 1 };
    if (!keys.queryText.trim()) return { kind: 'miss' };

    const explain = opts.nearestOnMiss !== false;
    const vector = await this.memo.embed(keys.queryText);
    keys.vector = vector;
    const neighbours = this.index.search(vector, partitionOf(keys), this.candidates);
    let best: Extract<LookupResult, { kind: 'miss' }>['best'];
    // Worked out as the agreement check and the guards read them, each once per lookup.
    const query = guardFeatures(keys.queryText);
    // The judgement around a shared text replaces the difference check's long-text rule, so it
    // goes with that guard: with it off, the full prompts are scored as before.
    const long = this.opts.guards?.instruction !== false && mayCarrySharedText(keys.queryText);
    // The query's side of that judgement, worked out once for every candidate (decision 058).
    const queryWords = long ? queryWordsOf(keys.queryText) : undefined;
    // Decision 054: around a pasted text both prompts carry, only what surrounds it is judged.
    // Asked once per candidate: the lift (decision 246) needs the answer before the loop.
    const sharedTexts = new Map<HeldEntry, AroundSharedText | undefined>();
    const sharedOf = (entry: HeldEntry) => {
      if (!queryWords) return undefined;
      if (!sharedTexts.has(entry))
        sharedTexts.set(entry, aroundSharedText(keys.queryText, entry.queryText, queryWords));
      return sharedTexts.get(entry);
    };
    // Decision 246: past the guards' bound a prompt is read only around a shared text, and what
    // surrounds it within the bound; elsewhere the candidate is refused unread, so its content
    // words are not read for a lift either.
    const readable = (entry: HeldEntry) => {
      if (guardsRead(keys.queryText, entry.queryText)) return true;
      const shared = sharedOf(entry);
      return shared !== undefined && guardsRead(shared.query, shared.cached);
    };
    const candidates = this.scored(keys, query, neighbours, explain, readable);
    const around = long ? this.aroundContext(!explain) : undefined;
    for (const candidate of candidates) {
      const { entry } = candidate;
      const shared = sharedOf(entry);
      if (shared && around) {
        const whole = candidate.lift ? () => this.settled(candidate, query) : candidate.similarity;
        const verdict = await judgeAroundSharedText(shared, whole, opts.threshold, around);
        // The wait may have been a provider's embedding call: an entry removed or cleared
        // meanwhile is no hit.
        if (verdict.hit && this.live(entry.id) !== entry) continue;
        if (verdict.hit)
          return verdict.verified
            ? { kind: 'semantic', entry, similarity: verdict.similarity, verified: true }
            : { kind: 'semantic', entry, similarity: verdict.similarity };
        if (explain)
          best ??= { entry, similarity: verdict.similarity, refusedBy: verdict.refusedBy };
        continue;
      }
      if (!guardsRead(keys.queryText, entry.queryText)) {
        // Decision 246: too long for the guards, with no shared text to read around: no hit,
        // nor a second look, which reads both prompts whole too. Refused as the difference check.
        const { similarity } = candidate;
        const below = similarity < opts.threshold;
        if (explain) best ??= { entry, similarity, refusedBy: below ? 'threshold' : 'instruction' };
        if (below) break;
        continue;
      }
      const similarity = this.settled(candidate, query);
      if (similarity < opts.threshold) {
        // Decision 036: the best candidate below the threshold gets one second look. Not at the
        // strictest setting: a threshold of 1 asks for the same words, nothing the verifier
        // judges to mean the same (decision 124).
        if (
          opts.threshold < 1 &&
          this.verifiedBelowThreshold(keys.queryText, query, entry, similarity)
        )
          return { kind: 'semantic', entry, similarity, verified: true };
        if (explain) best ??= { entry, similarity, refusedBy: 'threshold' };
        break;
      }
      if (!explain) {
        if (
          !refusesAny(query, this.featuresOf(entry), this.opts.guards) &&
          !this.vetoed(keys.queryText, query, entry, similarity)
        )
          return { kind: 'semantic', entry, similarity };
        continue;
      }
      // The veto weighs what differs between the two prompts, the difference check's question:
      // it reports as that guard, so the reasons a preview shows stay the same list.
      const refusedBy =
        checkGuards(query, this.featuresOf(entry), this.opts.guards) ??
        (this.vetoed(keys.queryText, query, entry, similarity) ? 'instruction' : null);
      if (!refusedBy) return { kind: 'semantic', entry, similarity };
      best ??= { entry, similarity, refusedBy };
    }
    return best ? { kind: 'miss', best } : { kind: 'miss' };
  }

  /** Keys and vector of a request, for the gateway to persist and then `insert`. */
  async prepare(input: CacheKeyInput): Promise<PreparedEntry> {
    const keys = this.keysOf(input);
    const { scope, exactKey, contextFingerprint, queryText } = keys;
    const vector = !queryText.trim()
      ? new Float32Array(this.index.dimensions)
      : (keys.vector ?? (await this.memo.embed(queryText)));
    return { scope, exactKey, contextFingerprint, queryText, vector };
  }

  /**
   * Adds an entry; an entry with the same id or the same exact key is replaced. The vector goes to
   * the index, which keeps the only copy; the cache keeps the rest. Returns the id of the entry
   * of the same exact key it replaced, for the gateway to delete that row too.
   */
  insert(entry: CacheEntry): string | undefined {
    if (entry.vector.length !== this.index.dimensions) {
      throw new Error(
        `semantic cache: entry ${entry.id} has ${entry.vector.length} dimensions, embedder ${this.embedderId} makes ${this.index.dimensions}`,
      );
    }
    this.remove(entry.id);
    const previous = this.byExactKey.get(entry.exactKey);
    if (previous !== undefined) this.remove(previous);
    const held: HeldEntry = {
      id: entry.id,
      scope: this.shared.share(entry.scope),
      exactKey: entry.exactKey,
      contextFingerprint: this.shared.share(entry.contextFingerprint),
      queryText: entry.queryText,
      expiresAt: entry.expiresAt,
      payload: entry.payload,
    };
    this.entries.set(held.id, held);
    this.byExactKey.set(held.exactKey, held.id);
    const indexed = held.queryText.trim() !== '';
    if (indexed) {
      const partition = this.shared.share(partitionOf(held));
      this.index.add({ id: held.id, vector: entry.vector, partition });
    }
    this.heldBytes += this.bytesOf(held);
    return previous === entry.id ? undefined : previous;
  }

  /**
   * Bulk load at start. Expired entries are skipped; entries whose vector is missing or came from
   * an embedder of another size are embedded again and returned so the gateway can store them.
   */
  async load(
    entries: Iterable<CacheEntry>,
  ): Promise<{ loaded: number; expired: number; reembedded: CacheEntry[] }> {
    const now = this.clock();
    const stale: CacheEntry[] = [];
    let loaded = 0;
    let expired = 0;
    for (const entry of entries) {
      if (entry.expiresAt <= now) expired++;
      else if (entry.vector?.length !== this.index.dimensions) stale.push(entry);
      else {
        this.insert(entry);
        loaded++;
      }
    }
    const vectors = stale.length
      ? await this.opts.embedder.embed(stale.map((e) => e.queryText))
      : [];
    const reembedded = stale.map((entry, i) => ({
      ...entry,
      vector: vectors[i] ?? new Float32Array(this.index.dimensions),
    }));
    for (const entry of reembedded) this.insert(entry);
    return { loaded: loaded + reembedded.length, expired, reembedded };
  }

  get(id: string): HeldEntry | undefined {
    return this.live(id);
  }

  remove(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) return false;
    this.entries.delete(id);
    if (this.byExactKey.get(entry.exactKey) === id) this.byExactKey.delete(entry.exactKey);
    this.index.remove(id);
    this.shared.release(entry.scope);
    this.shared.release(entry.contextFingerprint);
    if (entry.queryText.trim()) this.shared.release(partitionOf(entry));
    this.heldBytes -= this.bytesOf(entry);
    return true;
  }

  /**
   * Removes the entries matching every given condition (an empty filter removes all) and returns
   * their ids, for the gateway to delete the same rows.
   */
  invalidate(filter: InvalidationFilter): string[] {
    const matchesPattern =
      filter.pattern === undefined ? () => true : compileQueryPattern(filter.pattern);
    const removed: string[] = [];
    for (const entry of [...this.entries.values()]) {
      if (filter.scope !== undefined && entry.scope !== filter.scope) continue;
      if (filter.accountId !== undefined && parseScope(entry.scope).accountId !== filter.accountId)
        continue;
      if (!matchesPattern(entry.queryText)) continue;
      this.remove(entry.id);
      removed.push(entry.id);
    }
    return removed;
  }

  /** Drops every expired entry now (lookups also drop the ones they meet) and returns their ids. */
  purgeExpired(): string[] {
    const now = this.clock();
    const expired = [...this.entries.values()]
      .filter((entry) => entry.expiresAt <= now)
      .map((e) => e.id);
    for (const id of expired) this.remove(id);
    return expired;
  }

  size(): number {
    return this.entries.size;
  }

  /** The ids of the entries held, expired ones included until they are dropped. */
  ids(): string[] {
    return [...this.entries.keys()];
  }

  /** Bytes the entries hold in memory, vectors and payloads included (an estimate, decision 027). */
  bytes(): number {
    return this.heldBytes;
  }

  /**
   * Drops the `count` entries inserted longest ago and returns their ids: a memory budget's last
   * resort, so the newest answers stay servable.
   */
  evictOldest(count: number): string[] {
    const ids: string[] = [];
    for (const id of this.entries.keys()) {
      if (ids.length >= count) break;
      ids.push(id);
    }
    for (const id of ids) this.remove(id);
    return ids;
  }

  /** The entry if it exists and has not expired; an expired one is removed on the way. */
  private live(id: string | undefined): HeldEntry | undefined {
    if (id === undefined) return undefined;
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt <= this.clock()) {
      this.remove(id);
      return undefined;
    }
    return entry;
  }

  /**
   * The pair verifier is sure a candidate below the threshold is the same question, and every
   * guard passes (decision 036). In this second look the difference check leaves a format,
   * constraint or instruction word inside a rewording, and a small swap, to the verifier (decision
   * 145), and the negation guard a negation the other side words another way (decision 149). The
   * verifier goes before the other guards: it refuses almost every candidate, and the query's
   * guard features cost more than its word list.
   */
  private verifiedBelowThreshold(
    queryText: string,
    query: GuardFeatures,
    entry: HeldEntry,
    similarity: number,
  ): boolean {
    if (!this.verifier || similarity < this.verifier.floor) return false;
    const queryTerms = query.terms;
    const entryFeatures = this.featuresOf(entry);
    const entryTerms = entryFeatures.terms;
    // The difference check needs only the word lists at hand, and refuses most long prompts:
    // asked first, it keeps the verifier off them. A format, constraint or instruction word
    // inside a rewording, and a small swap, are left to the verifier (decision 145); every other
    // rule still refuses.
    const differenceOn = this.opts.guards?.instruction !== false;
    if (
      differenceOn &&
      (comparisonDiffers(queryText, entry.queryText) ||
        instructionDiffers(
          queryTerms,
          entryTerms,
          [],
          [],
          query.generalVerbs,
          entryFeatures.generalVerbs,
          [query.head, entryFeatures.head],
          true,
        ))
    )
      return false;
    if (!this.verifier.accepts(queryText, queryTerms, entry.queryText, entryTerms, similarity))
      return false;
    if (refusesAny(query, entryFeatures, { ...this.opts.guards, instruction: false }, true))
      return false;
    // The difference check in full (qualifying phrases too, counted nouns), with the same waiver.
    return (
      !differenceOn ||
      (!countsDiffer(query, entryFeatures) &&
        !instructionDiffers(
          queryTerms,
          entryTerms,
          query.qualifiers,
          entryFeatures.qualifiers,
          query.generalVerbs,
          entryFeatures.generalVerbs,
          [query.head, entryFeatures.head],
          true,
        ))
    );
  }

  /** Decision 229: the veto, if any, refuses a candidate every guard passed at the threshold. */
  private vetoed(queryText: string, query: GuardFeatures, entry: HeldEntry, similarity: number) {
    const veto = this.veto;
    return (
      !!veto &&
      veto.refuses(
        queryText,
        query.terms,
        entry.queryText,
        this.featuresOf(entry).terms,
        similarity,
      )
    );
  }

  /**
   * What the judgement around a shared text borrows from the engine (decision 054), for one
   * lookup: the query's remainder is often the same against every candidate, so its features are
   * kept by text for the lookup's length.
   */
  private aroundContext(hitsOnly: boolean): AroundContext {
    const remainders = new Map<string, GuardFeatures>();
    return {
      hitsOnly,
      queryFeatures: (text) => {
        let features = remainders.get(text);
        if (!features) {
          features = guardFeatures(text);
          remainders.set(text, features);
        }
        return features;
      },
      embed: (text) => this.memo.embed(text),
      calibrate: (raw) => this.calibrate(raw),
      agreementFloor: this.agreementFloor,
      guards: this.opts.guards,
      verifier: this.verifier,
    };
  }

  /** Keys of an input, remembered for as long as the input object lives (callers never edit it). */
  private keysOf(input: CacheKeyInput): CacheKeys & { vector?: Float32Array } {
    let keys = this.keysOfInput.get(input);
    if (!keys) {
      keys = cacheKeys(input);
      this.keysOfInput.set(input, keys);
    }
    return keys;
  }

  /**
   * Live candidates of the query's partition with the similarity thresholds are compared with,
   * best first: the calibrated cosine, lifted onto the top of the scale for the nearest candidate
   * when its content words agree with the query's (decision 022). Only that one candidate is
   * checked, so a miss pays two word lists at most.
   */
  private scored(
    keys: CacheKeys,
    query: GuardFeatures,
    neighbours: { id: string; similarity: number }[],
    explain: boolean,
    readable: (entry: HeldEntry) => boolean,
  ): Candidate[] {
    const candidates: Candidate[] = [];
    let checked: Candidate | undefined;
    // Only the nearest agreeing candidate is lifted: one the guards may not read gets no lift,
    // and the next agreeing one none either, as without the bound.
    let agreeingSeen = false;
    for (const neighbour of neighbours) {
      const entry = this.live(neighbour.id);
      // The partition already pins scope and context; checking again keeps that true by construction.
      if (
        !entry ||
        entry.scope !== keys.scope ||
        entry.contextFingerprint !== keys.contextFingerprint
      )
        continue;
      const raw = neighbour.similarity;
      const candidate: Candidate = { entry, similarity: this.calibrate(raw) };
      if (!agreeingSeen && this.agrees(raw)) {
        agreeingSeen = true;
        if (readable(entry)) {
          checked = candidate;
          candidate.lift = raw;
        }
      }
      candidates.push(candidate);
    }
    const bySimilarity = (a: Candidate, b: Candidate) => b.similarity - a.similarity;
    // The lift only raises the one candidate checked: while it sorts first without it, it sorts
    // first with it and the others keep their order, so the lift can wait until it is read.
    if (!explain && checked && sortsFirst(checked, candidates, bySimilarity))
      return candidates.sort(bySimilarity);
    if (checked) this.settled(checked, query);
    return candidates.sort(bySimilarity);
  }

  /**
   * A candidate's similarity with its lift applied, if it has one still to work out: the
   * calibrated cosine, raised onto the top of the scale when its content words agree with the
   * query's (decision 022).
   */
  private settled(candidate: Candidate, query: GuardFeatures): number {
    const raw = candidate.lift;
    if (raw === undefined) return candidate.similarity;
    candidate.lift = undefined;
    const entry = this.featuresOf(candidate.entry);
    if (sameTerms(query.terms, entry.terms, query.generalVerbs, entry.generalVerbs))
      candidate.similarity = Math.max(
        candidate.similarity,
        agreedSimilarity(raw, this.agreementFloor),
      );
    return candidate.similarity;
  }

  private calibrate(raw: number): number {
    return this.opts.embedder.calibrate?.(raw) ?? raw;
  }

  private get agreementFloor(): number {
    return this.opts.embedder.agreementFloor ?? 1;
  }

  /**
   * Whether a candidate is near enough for its content words to decide (decision 022): at or
   * above the embedder's agreement floor, with the difference check on.
   */
  private agrees(raw: number): boolean {
    return raw >= this.agreementFloor && raw < 1 && this.opts.guards?.instruction !== false;
  }

  private featuresOf(entry: HeldEntry): GuardFeatures {
    let features = this.features.get(entry);
    if (!features) {
      features = guardFeatures(entry.queryText);
      this.features.set(entry, features);
    }
    return features;
  }

  private bytesOf(entry: HeldEntry): number {
    const dimensions = entry.queryText.trim() ? this.index.dimensions : 0;
    return entryBytes(entry, dimensions, this.opts.payloadBytes?.(entry.payload) ?? 0);
  }
}

/** A semantic candidate; `lift` is the raw cosine while its agreement lift is still to work out. */
interface Candidate {
  entry: HeldEntry;
  similarity: number;
  lift?: number | undefined;
}

/** Scope and context together: entries may only match within both. */
function partitionOf(keys: { scope: string; contextFingerprint: string }): string {
  return `${keys.scope}#${keys.contextFingerprint}`;
}
