import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

// Sentences written for these tests, not taken from an eval file (decision 233).
describe('what "to" points at ends where a preposition opens another phrase (decision 233)', () => {
  it('does not join a word of a later phrase to the thing sent', () => {
    assert.notEqual(
      checkGuards(
        'write a memo to staff about the outage based on these notes',
        'turn these notes into a memo for staff',
      ),
      'negation',
    );
  });

  it('still reads the same words reversed', () => {
    assert.equal(
      checkGuards(
        'convert celsius to fahrenheit in python',
        'convert fahrenheit to celsius in python',
      ),
      'negation',
    );
    assert.equal(
      checkGuards('turn these notes into a memo', 'turn this memo into notes'),
      'negation',
    );
    assert.equal(
      checkGuards(
        'copy files from my laptop to the server with scp',
        'copy files from the server to my laptop with scp',
      ),
      'negation',
    );
  });
});
