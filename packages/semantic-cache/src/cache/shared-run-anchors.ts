// The anchors of the shared-run search (decisions 054, 058, 204): where each ANCHOR words of a
// candidate start, so a run of the query is looked for only where its first words recur.

/** Words of an anchor: short enough to find a run's start, long enough to skip "of the" repeats. */
export const ANCHOR = 4;
/** Places in the other text one anchor is tried at: repeated log lines must not make it quadratic. */
const MAX_ANCHOR_PLACES = 16;

/**
 * Where each anchor (ANCHOR word ids in a row, all words of the query: none is -1) starts among
 * a candidate's `count` word ids, its first MAX_ANCHOR_PLACES places in order: a hash table of
 * chains through `next` (decision 204: no map of arrays, no key per place), in one table reused
 * for up to `reuse` words. Anchors are compared id by id, so two
 * anchors share a place list exactly when their ids are equal, as the packed keys of 058 did.
 */
export function placeAnchors(ids: Int32Array, count: number, reuse: number): AnchorPlaces {
  const size = bucketsFor(count);
  const places = count <= reuse ? scratchAnchorTable(reuse) : anchorTable(count);
  places.heads.fill(-1, 0, size);
  places.mask = size - 1;
  for (let j = 0; j + ANCHOR <= count; j++) {
    if (!allKnown(ids, j)) continue;
    const bucket = anchorHash(ids, j) & places.mask;
    places.next[j] = -1;
    let last = -1;
    let same = 0;
    for (let k = places.heads[bucket] ?? -1; k >= 0; k = places.next[k] ?? -1) {
      if (sameAnchor(ids, k, ids, j)) same++;
      last = k;
    }
    if (same >= MAX_ANCHOR_PLACES) continue;
    if (last < 0) places.heads[bucket] = j;
    else places.next[last] = j;
  }
  return places;
}

export interface AnchorPlaces {
  /** The first place of each bucket, -1 for none. */
  heads: Int32Array;
  /** The next place in the same bucket, -1 for none. */
  next: Int32Array;
  mask: number;
}

let anchorPlaces: AnchorPlaces | undefined;

/** Buckets for this many places: a power of two, one per place at least. */
function bucketsFor(places: number): number {
  let size = 16;
  while (size < places) size *= 2;
  return size;
}

/** The anchor table of a scratch text, reused. */
function scratchAnchorTable(places: number): AnchorPlaces {
  anchorPlaces ??= anchorTable(places);
  return anchorPlaces;
}

function anchorTable(places: number): AnchorPlaces {
  return { heads: new Int32Array(bucketsFor(places)), next: new Int32Array(places), mask: 0 };
}

function allKnown(ids: Int32Array, at: number): boolean {
  for (let k = 0; k < ANCHOR; k++) if ((ids[at + k] ?? -1) < 0) return false;
  return true;
}

export function sameAnchor(x: Int32Array, i: number, y: Int32Array, j: number): boolean {
  for (let k = 0; k < ANCHOR; k++) if (x[i + k] !== y[j + k]) return false;
  return true;
}

export function anchorHash(ids: Int32Array, at: number): number {
  let hash = 0;
  for (let k = 0; k < ANCHOR; k++) hash = Math.imul(hash ^ (ids[at + k] ?? 0), 0x9e3779b1);
  return (hash ^ (hash >>> 15)) >>> 0;
}
