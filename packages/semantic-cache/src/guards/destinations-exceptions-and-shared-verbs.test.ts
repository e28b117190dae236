import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 224).
const bothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];
const refused = ['instruction', 'instruction'];
const passed = [null, null];

describe('"to" before an article sends the thing somewhere (decision 224)', () => {
  it('refuses a destination added alone', () => {
    assert.deepEqual(
      bothWays('how do I back up my iphone to an external drive', 'how do I back up my iphone'),
      refused,
    );
    assert.deepEqual(
      bothWays('how do I move my steam games to an ssd', 'how do I move my steam games'),
      refused,
    );
  });

  it('passes the destination on both sides, and reads "to" before a verb as before', () => {
    assert.deepEqual(
      bothWays(
        'how can I back up an iphone to an external drive',
        'how do I back up my iphone to an external drive',
      ),
      passed,
    );
    assert.deepEqual(
      bothWays('what is the quickest way to back up an iphone', 'how to back up an iphone'),
      passed,
    );
  });
});

describe('"but" before a content word sets a condition on the request (decision 224)', () => {
  it('refuses the condition added alone', () => {
    assert.deepEqual(
      bothWays(
        'how do I delete every local branch in git but keep main',
        'how do I delete every local branch in git',
      ),
      refused,
    );
    assert.deepEqual(
      bothWays(
        'how do I rename every file in a folder but keep the extension',
        'how do I rename every file in a folder',
      ),
      refused,
    );
  });

  it('passes the condition on both sides, and a "but" that tells what happened', () => {
    assert.deepEqual(
      bothWays(
        'how can I delete all local git branches but keep main',
        'how do I delete every local branch in git but keep main',
      ),
      passed,
    );
    assert.deepEqual(
      bothWays(
        'I set up the printer but it prints blank pages',
        'I set up the printer and it prints blank pages',
      ),
      passed,
    );
  });
});

describe('a general verb both prompts write stands for no changed verb (decision 224)', () => {
  it('reads the verb one side adds beside a command both name', () => {
    assert.deepEqual(
      bothWays(
        'go get fails behind a proxy, how do I inspect the outgoing traffic',
        'go get fails behind a proxy, what do I do',
      ),
      refused,
    );
  });

  it('still lets "get" on one side stand for the verb the other names', () => {
    assert.deepEqual(
      bothWays('how do I get the current branch name in git', 'git find current branch name'),
      passed,
    );
  });
});

describe('"to" after a question word starts a verb, no direction (decision 224)', () => {
  it('passes a rewording that names the same things in another order around "how to"', () => {
    assert.deepEqual(
      bothWays(
        'In jenkins, how to make the secrets of my vault be visible inside the build?',
        'how can I pass secrets from vault into a jenkins build?',
      ),
      passed,
    );
  });

  it('still reads a conversion or a move written the other way round', () => {
    const reversed = ['negation', 'negation'];
    assert.deepEqual(
      bothWays('how to convert celsius to fahrenheit', 'how to convert fahrenheit to celsius'),
      reversed,
    );
    assert.deepEqual(
      bothWays(
        'what to do when npm to yarn migration fails',
        'what to do when yarn to npm migration fails',
      ),
      reversed,
    );
  });
});

describe('decision 224 review: sentences written by the reviewer', () => {
  it('reads "to the" as a destination only after a verb that moves or copies a thing', () => {
    for (const [a, b] of [
      ['how to append to the end of a file in bash', 'how to append to a file in bash'],
      ['how do I add a key to the dictionary in python', 'how do I add a key in python'],
      ['how do I upgrade npm to the latest version', 'how do I upgrade npm'],
      ['how to apply a filter to a column in excel', 'how to apply a filter in excel'],
    ] as const)
      assert.deepEqual(bothWays(a, b), passed, a);
    assert.deepEqual(
      bothWays('how to move my steam games to a new drive', 'how to move my steam games'),
      refused,
    );
  });

  it('counts a general verb both prompts write as a shared word: "view the logs" / "fix it"', () => {
    assert.deepEqual(
      bothWays(
        'kubectl get pods shows CrashLoopBackOff, how do I view the logs',
        'kubectl get pods shows CrashLoopBackOff, how do I fix it',
      ),
      refused,
    );
  });

  it('reverses "In X, how to … Y" against the same frame or a "from", not a "to"', () => {
    const reversed = ['negation', 'negation'];
    assert.deepEqual(
      bothWays('on windows, how to run linux apps', 'on linux, how to run windows apps'),
      reversed,
    );
    assert.deepEqual(
      bothWays('in python how to call c code', 'calling python from c code'),
      reversed,
    );
    assert.deepEqual(
      bothWays('in python how to call c code', 'calling c code from python'),
      passed,
    );
  });
});
