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

  // Review of decision 233: the destination may carry a place ("port 80 in the container") and
  // the start may open with one ("from within Python"); both are still read.
  it('reads a place inside the destination and a preposition right after the directing word', () => {
    assert.equal(
      checkGuards(
        'forward port 8080 on the host to port 80 in the container',
        'forward port 80 in the container to port 8080 on the host',
      ),
      'negation',
    );
    assert.equal(
      checkGuards(
        'how do I call a Rust function from within Python',
        'how do I call a Python function from within Rust',
      ),
      'negation',
    );
  });
});
