import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 194).
const refusesBothWays = (pairs: readonly (readonly [string, string])[]) => {
  for (const [a, b] of pairs) {
    assert.equal(checkGuards(a, b), 'instruction', `${a} / ${b}`);
    assert.equal(checkGuards(b, a), 'instruction', `${b} / ${a}`);
  }
};

describe('a state participle before a counted noun narrows the set (decision 194)', () => {
  it('"running" / "stopped" after a determiner or a whole-set word refuses when added', () => {
    refusesBothWays([
      ['kubectl list all running pods in a namespace', 'kubectl list all pods in a namespace'],
      ['docker inspect the exited containers', 'docker inspect the containers'],
    ]);
  });

  it('"running" as the verb, or on both sides, is no state added', () => {
    assert.equal(
      checkGuards('how to run a python script', 'how to run a python script quickly'),
      null,
    );
    assert.equal(
      checkGuards('aws list all running ec2 instances', 'aws show all running ec2 instances'),
      null,
    );
  });
});

describe('"by me" / "by myself" keeps only the asker\'s own (decision 194)', () => {
  it('refuses against the same question without it', () => {
    refusesBothWays([
      ['github list pull requests opened by me', 'github list pull requests opened'],
      ['svn show files changed by myself this month', 'svn show files changed this month'],
    ]);
  });
});

describe('"already" with the state it names, added alone, is a condition (decision 194)', () => {
  it('refuses when nothing stands in its place on the other side', () => {
    refusesBothWays([
      ['how to rename a git tag, it is already published', 'how to rename a git tag'],
      ['delete a kafka topic that was already consumed', 'delete a kafka topic'],
    ]);
  });

  it('"already" alone, restating a state both sides name, is no condition', () => {
    assert.equal(
      checkGuards(
        'attach to a docker container that is already running',
        'attach to a running docker container',
      ),
      null,
    );
  });
});

describe('"rename" is "change the name" / "a new name" (decision 194)', () => {
  it('a "re-" word against its base word with "change" or "new" is a rewording', () => {
    for (const [a, b] of [
      ['how do I change the name of a git branch', 'how do I rename a git branch'],
      ['give my docker container a new name', 'rename my docker container'],
    ] as const) {
      assert.equal(checkGuards(a, b), null, `${a} / ${b}`);
      assert.equal(checkGuards(b, a), null, `${b} / ${a}`);
    }
  });

  it('without a word of change the prefix still makes another action', () => {
    refusesBothWays([['how do I name a git branch', 'how do I rename a git branch']]);
  });

  it('"new" after the base word is about another thing, and "re" may open a plain word', () => {
    refusesBothWays([
      ['how do I restart the server', 'how do I start a new server'],
      ['how do I remove a file in git', 'how do I move a file to a new folder in git'],
    ]);
  });
});
