/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALL_ROLES, WRITE_ROLES } from '@tokenwise/contracts';
import { canVote } from './vote-access.ts';

describe('who may vote on /evals', () => {
  test('the thumbs are offered to the roles the server lets vote, never to read-only', () => {
    // Read-only members saw live thumbs that answered 'You do not have permission to do this'.
    assert.deepEqual(ALL_ROLES.filter(canVote), [...WRITE_ROLES]);
    assert.equal(canVote('read_only'), false);
    assert.equal(canVote(undefined), false, 'no stored account, no thumbs');
  });
});
