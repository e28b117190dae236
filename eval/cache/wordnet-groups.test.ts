import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Part, Sense } from './wordnet.ts';
import { type GroupRule, synonymGroups } from './wordnet-groups.ts';

const sense = (synset: string, number: number, tags: number): Sense => ({
  synset,
  part: (synset.split(':')[0] ?? 'noun') as Part,
  number,
  tags,
});

// A small WordNet: baby/infant share their main sense; python/java are sister hyponyms of one
// programming-language synset (never one synset); "fall" is mostly the verb, its noun sense 1 is
// the season "autumn" names.
const senses = new Map<string, Sense[]>([
  ['baby', [sense('noun:1', 1, 40), sense('noun:2', 2, 5)]],
  ['infant', [sense('noun:1', 1, 6)]],
  ['python', [sense('noun:10', 1, 2)]],
  ['java', [sense('noun:11', 1, 3), sense('noun:12', 2, 1)]],
  ['fall', [sense('verb:20', 1, 90), sense('noun:21', 1, 10)]],
  ['autumn', [sense('noun:21', 1, 7)]],
]);
const ranks = ['baby', 'fall', 'python', 'java', 'infant', 'autumn'];
const input = { senses, rank: (word: string) => ranks.indexOf(word), cosine: () => 0.5 };
const DOMINANT: GroupRule = {
  rule: 'dominant',
  share: 0.75,
  minTags: 3,
  partShare: 0,
  minCosine: -1,
};

describe('WordNet synonym groups (decision 075)', () => {
  it('folds two words whose dominant sense is one synset into the more frequent one', () => {
    assert.deepEqual(synonymGroups(input, DOMINANT), [['baby', 'infant']]);
  });

  it('never folds sister terms or a word used mostly in another sense', () => {
    const words = synonymGroups(input, DOMINANT).flat();
    for (const word of ['python', 'java', 'fall', 'autumn']) assert.ok(!words.includes(word), word);
  });

  it('lets a sense-1 word take in a monosemous synonym only under the asym rule', () => {
    assert.deepEqual(synonymGroups(input, { ...DOMINANT, rule: 'asym' }), [
      ['baby', 'infant'],
      ['fall', 'autumn'],
    ]);
    const first = { ...DOMINANT, rule: 'first' as const, minTags: 1, partShare: 0.5 };
    assert.ok(!synonymGroups(input, first).flat().includes('autumn'));
  });

  it('drops a pair whose word vectors are too far apart', () => {
    assert.deepEqual(
      synonymGroups({ ...input, cosine: () => 0.2 }, { ...DOMINANT, minCosine: 0.4 }),
      [],
    );
  });
});
