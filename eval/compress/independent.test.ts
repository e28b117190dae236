import assert from 'node:assert/strict';
import { it } from 'node:test';
import { meaningWords } from './independent.ts';

it('an answer needs its meaning words, not its articles or its politeness', () => {
  assert.equal(meaningWords('write the reply'), 'write reply');
  assert.equal(meaningWords('please not cheesy'), 'not cheesy');
  assert.equal(meaningWords('tell me what it actually means'), 'tell me what it means');
  // "a few" is a quantity.
  assert.equal(meaningWords('a few bullet points'), 'a few bullet points');
  assert.equal(meaningWords('the'), 'the');
});
