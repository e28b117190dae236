import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IndependentHalf } from './independent-pairs.ts';

/** One labelled pair: would the answer cached for `cached` be right for `query`? */
export interface LabelledPair {
  group: string;
  domain: string;
  /**
   * Groups are split in two by a hash of their id: tune on `dev`, judge on `test` (the template
   * set); the independent set's tuning files (`tune`…`tune4`) and its frozen held-out files
   * (`heldout`…`heldout4`).
   */
  split: 'dev' | 'test' | IndependentHalf;
  /**
   * Same meaning: `light` (politeness, reordered clauses) or `reworded` (other words, synonyms).
   * Different meaning: what differs (`negation`, `number`, `date`, `entity`, `identifier`,
   * `intent`) or `topic` for another question from the same domain.
   */
  kind: string;
  same: boolean;
  query: string;
  cached: string;
}

export function splitOf(groupId: string): 'dev' | 'test' {
  const first = createHash('sha256').update(groupId).digest()[0] ?? 0;
  return first % 2 === 0 ? 'dev' : 'test';
}

export function readPairs(): LabelledPair[] {
  const file = new URL('../data/cache/pairs.jsonl', import.meta.url);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as LabelledPair);
}
