import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

/** Refused whichever prompt is the cached one. */
function refusedBothWays(pairs: string[][], guard: string): void {
  for (const [a, b] of pairs) {
    assert.equal(checkGuards(a as string, b as string), guard, `${a} / ${b}`);
    assert.equal(checkGuards(b as string, a as string), guard, `${b} / ${a}`);
  }
}

// Left by decision 236: reading what is there against changing it, when the reading side says
// more than "get" alone ("the current value of"), says it with "show" (a frame word, as "get" is),
// or names both actions as nouns ("the setting of" / "the getting of"). Decision 243.
describe('reading a thing against changing it', () => {
  it('refuses "get" with what a reading returns against a verb that changes it', () => {
    refusedBothWays(
      [
        [
          'how to get the current value of a git config setting',
          'how to change a git config setting',
        ],
        [
          'how to get the current value of an environment variable in bash',
          'how to change an environment variable in bash',
        ],
        ['get the current value of a sysctl parameter', 'change a sysctl parameter'],
        [
          'how do I get the current value of a postgres setting',
          'how do I configure a postgres setting',
        ],
        [
          'how to get the current value of a select box in jquery',
          'how to change a select box in jquery',
        ],
      ],
      'instruction',
    );
  });

  it('refuses "show" against a verb that changes what it shows', () => {
    refusedBothWays(
      [
        ['show the crontab', 'edit the crontab'],
        ['show the crontab for a user', 'edit the crontab for a user'],
        ['show me the crontab', 'edit the crontab'],
        ['show the git remote url', 'set the git remote url'],
        ['show the git remote url', 'change the git remote url'],
        ['show the default shell on mac', 'change the default shell on mac'],
        ['show the hosts file on mac', 'edit the hosts file on mac'],
        ['show the sudoers file', 'modify the sudoers file'],
        ['how to show the git config user email', 'how to update the git config user email'],
        ['show the current kubectl context', 'switch the current kubectl context'],
        ['how to show the mysql root password', 'how to reset the mysql root password'],
      ],
      'instruction',
    );
  });

  it('refuses reading against writing said as nouns', () => {
    refusedBothWays(
      [
        ['the setting of a cookie', 'the getting of a cookie'],
        [
          'how does the setting of a cookie work in express',
          'how does the getting of a cookie work in express',
        ],
        [
          'the getting of an environment variable in node',
          'the setting of an environment variable in node',
        ],
      ],
      'instruction',
    );
  });

  it('keeps a reading said with "get" or "show" against another reading', () => {
    for (const [a, b] of [
      ['show the crontab', 'list the crontab'],
      ['show the git remote url', 'print the git remote url'],
      ['show the git remote url', 'how do I see the git remote url'],
      ['how to show the default shell', 'what is my default shell'],
      ['show me how to change the default shell', 'how to change the default shell'],
      [
        'how to get the value of a cookie in javascript',
        'how to read a cookie value in javascript',
      ],
      ['how to get a cookie in express', 'how to read a cookie in express'],
      ['how to get the current value of a git config setting', 'how to read a git config setting'],
      ['how do I get rid of node_modules', 'how do I delete node_modules'],
    ])
      assert.equal(checkGuards(a as string, b as string), null, `${a} / ${b}`);
  });
});
