import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Left by decision 236: "why is my Mac so slow after the update" / "… since the update" was refused,
// the two time words read as a swapped condition. Prepositions that open the same time clause are
// one word (decision 243); the clause added on one side only is still another question.
describe('a time clause opened by another preposition of the same time', () => {
  it('keeps the same clause opened by an equivalent preposition', () => {
    for (const [a, b] of [
      ['why is my Mac so slow after the update', 'why is my Mac so slow since the update'],
      [
        'wifi keeps dropping since upgrading to ios 17',
        'wifi keeps dropping after upgrading to ios 17',
      ],
      [
        'battery drains fast after updating to android 14',
        'battery drains fast since updating to android 14',
      ],
      [
        'outlook crashes on startup ever since the update',
        'outlook crashes on startup after the update',
      ],
      ['git log show commits since last friday', 'git log show commits after last friday'],
      [
        'keep the container running until the job finishes',
        'keep the container running till the job finishes',
      ],
      ['why does my phone get hot during charging', 'why does my phone get hot while charging'],
      ['why does my laptop overheat when gaming', 'why does my laptop overheat while gaming'],
      ['what happens during a git rebase', 'what happens when I do a git rebase'],
    ]) {
      assert.equal(checkGuards(a as string, b as string), null, `${a} / ${b}`);
      assert.equal(checkGuards(b as string, a as string), null, `${b} / ${a}`);
    }
  });

  it('still refuses a clause added, another time or a cause', () => {
    for (const [a, b] of [
      ['why is my Mac so slow', 'why is my Mac so slow since the update'],
      ['keep the container running', 'keep the container running till the job finishes'],
      ['why does my laptop overheat', 'why does my laptop overheat when gaming'],
      ['why is my Mac so slow after the update', 'why is my Mac so slow before the update'],
      ['why is my Mac so slow since the update', 'why is my Mac so slow until the update'],
    ])
      assert.notEqual(checkGuards(a as string, b as string), null, `${a} / ${b}`);
  });
});
