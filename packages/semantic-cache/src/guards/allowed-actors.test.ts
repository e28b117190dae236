import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkGuards } from './check-guards.ts';

describe('who may do what', () => {
  it('refuses an action open to everyone on one side and kept to some on the other', () => {
    assert.equal(
      checkGuards(
        'in google drive, anyone can comment but only the owner can edit the sheet',
        'in google drive, only the owner can comment on the sheet',
      ),
      'negation',
    );
  });

  it('keeps the same permission said two ways', () => {
    assert.equal(
      checkGuards(
        'in google drive, how do I make it so only the owner can edit the sheet',
        'google drive: only the owner can edit the sheet, how to set that',
      ),
      null,
    );
  });
});
