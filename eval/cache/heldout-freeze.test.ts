import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { independentFile } from './independent-pairs.ts';

// The held-out half is only honest if it never moves: editing it after seeing results would turn
// it into a second tuning set. A deliberate change needs a new checksum in the README, and a note.
const FROZEN = {
  heldout: '385baba38bcac0cb94c1139781fc8f6dfd5562e3b09f668e47f3d63aba639c63',
  heldout2: 'b782359cfe019979c2cab87c0e4e1e324d51dfaf221c2cd5d63dd74ee7c9a0e2',
  heldout3: '3c536aaeb0efe94ab10a1ada43a250aeb248f0efc0403052d0839bccc3f5ca7c',
  heldout4: '4128e269c036bdb497f6b99cafcad6e4e05bf85bf68bd0a8f1c17e7de09f4ec6',
  heldout5: 'fdaf07c0f4414ef03d79945ef69fdd1e0973b9c4800899f8512038120cc73256',
  passages: '52697914d8896ca92775b61887d3e0c4a80162540606edcc8f0480c3bc202337',
} as const;

for (const [file, sum] of Object.entries(FROZEN)) {
  test(`the frozen ${file}.txt still has the checksum recorded in eval/data/cache/README.md`, () => {
    const bytes = readFileSync(independentFile(file as keyof typeof FROZEN));
    assert.equal(createHash('sha256').update(bytes).digest('hex'), sum);
  });
}

test('the independent halves parse into paraphrases and near-misses', async () => {
  const { readIndependentPairs } = await import('./independent-pairs.ts');
  for (const half of [
    'tune',
    'heldout',
    'heldout2',
    'tune3',
    'heldout3',
    'tune4',
    'heldout4',
    'tune5',
    'heldout5',
    'tune6',
    'tune7',
    'tune8',
    'tune9',
    'tune10',
    'tune11',
    'tune12',
    'tune13',
    'tune14',
    'tune15',
    'tune16',
    'near-miss-long-hostile',
    'short-blind',
  ] as const) {
    const pairs = readIndependentPairs(half);
    assert.ok(pairs.filter((p) => p.same).length >= 80, half);
    assert.ok(pairs.filter((p) => !p.same).length >= 80, half);
    assert.ok(
      pairs.every((p) => p.cached && p.query && !/\{\w+\}/.test(p.query)),
      half,
    );
  }
});
