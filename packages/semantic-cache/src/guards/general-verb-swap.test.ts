import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Review of decision 233: "get the current value of a git config setting" / "change the current
// value …" was a hit (0.934). "get" leaves the diff as a question frame, so "change" read as one
// word added alone; what "get" stands for (check, read) is not what "change" does (decision 236).
describe('a general verb against an action of another group', () => {
  it('refuses reading against writing', () => {
    for (const [a, b] of [
      [
        'how to get the current value of a git config setting',
        'how to change the current value of a git config setting',
      ],
      [
        'how to get the value of an environment variable in bash',
        'how to edit the value of an environment variable in bash',
      ],
      ['how do I get the owner of a file in linux', 'how do I change the owner of a file in linux'],
    ]) {
      assert.equal(checkGuards(a as string, b as string), 'instruction', `${a} / ${b}`);
      assert.equal(checkGuards(b as string, a as string), 'instruction', `${b} / ${a}`);
    }
  });

  it('keeps a general verb against an action it stands for', () => {
    for (const [a, b] of [
      [
        'how to get the current value of a git config setting',
        'how to check the current value of a git config setting',
      ],
      [
        'how to get the current value of a git config setting',
        'how to show the current value of a git config setting',
      ],
      ['how do I get the owner of a file in linux', 'how do I find the owner of a file in linux'],
      ['how to make a new git branch', 'how to create a new git branch'],
      ['how do I get python installed on windows', 'how do I install python on windows'],
    ])
      assert.equal(checkGuards(a as string, b as string), null, `${a} / ${b}`);
  });
});
