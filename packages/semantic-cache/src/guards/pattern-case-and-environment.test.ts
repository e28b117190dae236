import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 210).
const refusedBothWays = (a: string, b: string) => [checkGuards(a, b), checkGuards(b, a)];

describe('letter case inside a regular expression is part of the pattern (decision 210)', () => {
  it('a character class or escape in the other case is another pattern', () => {
    assert.deepEqual(
      refusedBothWays(
        'why does the regex ^[a-z]+\\d$ not match my input',
        'why does the regex ^[A-Z]+\\d$ not match my input',
      ),
      ['code_identifier', 'code_identifier'],
    );
    assert.deepEqual(
      refusedBothWays('what does \\s+ match in a js regex', 'what does \\S+ match in a js regex'),
      ['code_identifier', 'code_identifier'],
    );
  });

  it('a Windows path is no pattern: its case names the same folder', () => {
    assert.equal(
      checkGuards(
        'python open a file in C:\\Users\\Ana\\Documents',
        'python open a file in c:\\users\\ana\\documents',
      ),
      null,
    );
  });

  it('the same pattern, in prose written in another case, still passes', () => {
    assert.equal(
      checkGuards(
        'Why does the regex ^[a-z]+\\d$ not match my input?',
        'why does the regex ^[a-z]+\\d$ not match my input',
      ),
      null,
    );
  });
});

describe('the environment a program runs in narrows the question (decision 210)', () => {
  it('a production build named on one side only is another question', () => {
    assert.deepEqual(
      refusedBothWays(
        'why does my vue app log warnings twice in my vite production build',
        'why does my vue app log warnings twice in vite',
      ),
      ['instruction', 'instruction'],
    );
    assert.deepEqual(
      refusedBothWays(
        'env variables are undefined in my prod deploy of next.js',
        'env variables are undefined in my deploy of next.js',
      ),
      ['instruction', 'instruction'],
    );
  });

  it('"prod" and "production" name the same environment', () => {
    assert.equal(
      checkGuards(
        'why are env variables undefined in my prod build of next.js',
        'why are env variables undefined in my production build of next.js',
      ),
      null,
    );
  });
});

describe('"turn X into Y" makes Y out of X, as "make" does (decision 210)', () => {
  it('reads like "create Y from X" and "make Y from X"', () => {
    assert.equal(
      checkGuards(
        'turn a markdown file into a pdf with pandoc',
        'create a pdf from a markdown file with pandoc',
      ),
      null,
    );
    assert.equal(
      checkGuards(
        'how to turn a list of tuples into a dict',
        'how to make a dict from a list of tuples',
      ),
      null,
    );
  });

  it('stays another action against any other verb, and "turn on" / "turn off" keep their sense', () => {
    assert.equal(
      checkGuards(
        'turn a markdown file into a pdf with pandoc',
        'delete a pdf made from a markdown file with pandoc',
      ),
      'instruction',
    );
    assert.equal(
      checkGuards('turn on dark mode in outlook', 'create dark mode in outlook'),
      'instruction',
    );
  });
});
