import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 245).
const bothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];
const passes = (a: string, b: string) => assert.deepEqual(bothWays(a, b), [null, null]);
const refuses = (a: string, b: string) => {
  const [ab, ba] = bothWays(a, b);
  assert.ok(ab !== null && ba !== null, `expected a refusal both ways, got ${ab} / ${ba}`);
};

describe('a hyphenated or sigil-marked code name keeps the part that tells it apart (decision 245)', () => {
  it('refuses another directive whose distinguishing part is a function word', () => {
    refuses('when to use v-if or v-for in a template', 'when to use v-if or v-show in a template');
    refuses('angular @if block with an else branch', 'angular @for block with an else branch');
    refuses(
      'style the ::before pseudo element of a button',
      'style the ::after pseudo element of a button',
    );
    refuses('alpine x-show not reacting to a change', 'alpine x-if not reacting to a change');
  });

  it('passes the same name written with or without its mark, and everyday hyphenated words', () => {
    passes('why does v-model not update my input', 'my input is not updated by v-model, why');
    passes('how do I send an e-mail from python', 'how do I send an email from python');
    passes('label the x-axis in matplotlib', 'label the x axis in matplotlib');
    passes('sort names a-z in excel', 'sort names a-z in excel sheet');
  });
});

describe('"A instead of B" and "B instead of A" swap what is chosen (decision 245)', () => {
  it('refuses the same two things with their roles swapped', () => {
    refuses(
      'log in users with a magic link instead of a password in django',
      'log in users with a password instead of a magic link in django',
    );
    refuses(
      'bundle the app with esbuild rather than webpack',
      'bundle the app with webpack rather than esbuild',
    );
    refuses(
      'why would I pick postgres over mysql for a small app',
      'why would I pick mysql over postgres for a small app',
    );
    refuses(
      'the build should read not the env file but the vault secrets',
      'the build should read not the vault secrets but the env file',
    );
  });

  it('reads "in place of" and "in favour of" as "instead of" (review of 245)', () => {
    refuses('use tabs in place of spaces in vim', 'use spaces in place of tabs in vim');
    refuses('use let in favour of var in javascript', 'use var in favour of let in javascript');
    passes('use tabs in place of spaces in vim', 'use tabs instead of spaces in vim');
  });

  it('passes the same choice said with another phrase or in another order', () => {
    passes(
      'log in users with a magic link instead of a password in django',
      'log in users with a magic link rather than a password in django',
    );
    // Other words differ here; what matters is that no reversal is read.
    assert.deepEqual(
      bothWays(
        'use tabs instead of spaces for indentation in vim',
        'switch from spaces to tabs for indentation in vim',
      ).map((guard) => guard === 'negation'),
      [false, false],
    );
    passes(
      'prefer composition over inheritance in typescript',
      'use composition rather than inheritance in typescript',
    );
    passes('sort rows with over 100 sales', 'sort rows that have over 100 sales');
  });
});
