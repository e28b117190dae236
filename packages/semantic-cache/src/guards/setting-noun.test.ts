import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 233).
describe('"a setting" is a thing, not the opposite of getting (decision 233)', () => {
  it('passes "what setting" beside a "get" that asks for something else', () => {
    assert.notEqual(
      checkGuards(
        'firefox: which setting makes links open in a new window',
        'how do I get firefox to make links open in a new window',
      ),
      'negation',
    );
  });

  it('still reads setting a value against getting it', () => {
    assert.equal(
      checkGuards('bash: setting an environment variable', 'bash: getting an environment variable'),
      'negation',
    );
    assert.equal(
      checkGuards(
        'how do I set an environment variable in bash',
        'how do I get an environment variable in bash',
      ),
      'negation',
    );
  });
});
