import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_ROLES, type Role } from '@tokenwise/contracts';
import { AppError } from '../../errors/app-error.ts';
import { assertMayGrant } from './team-rules.ts';

function outcome(actor: Role, role: Role): string {
  try {
    assertMayGrant(actor, role);
    return 'ok';
  } catch (err) {
    assert.ok(err instanceof AppError);
    assert.equal(err.statusCode, 403);
    return err.message;
  }
}

test('who may grant which role: every pair', () => {
  const grid = Object.fromEntries(
    ALL_ROLES.map((actor) => [actor, ALL_ROLES.map((role) => `${role}: ${outcome(actor, role)}`)]),
  );
  const manager = 'Only owners and admins can manage team members';
  assert.deepEqual(grid, {
    owner: ['owner: ok', 'admin: ok', 'member: ok', 'read_only: ok'],
    admin: [
      'owner: Only an owner can grant the owner role',
      'admin: ok',
      'member: ok',
      'read_only: ok',
    ],
    member: ALL_ROLES.map((r) => `${r}: ${manager}`),
    read_only: ALL_ROLES.map((r) => `${r}: ${manager}`),
  });
});
