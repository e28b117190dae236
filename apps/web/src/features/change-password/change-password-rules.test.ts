/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Role } from '@tokenwise/contracts';
import { ApiError } from '../../lib/api-error.ts';
import {
  canChangePassword,
  changePasswordErrorMessage,
  READ_ONLY_MESSAGE,
  validatePasswordChange,
} from './change-password-rules.ts';

describe('change password rules', () => {
  const member = (role: Role, id: string = role) => ({ id, name: `${id} team`, role });

  test('read-only users are blocked; every other role may change it', () => {
    assert.equal(canChangePassword([member('read_only')]), false);
    for (const role of ['owner', 'admin', 'member'] as const)
      assert.equal(canChangePassword([member(role)]), true);
  });

  test('read-only in the active account but owner of another is not a read-only user', () => {
    // The server judges the user's memberships the same way (auth.service.ts).
    assert.equal(canChangePassword([member('read_only', 'client'), member('owner', 'own')]), true);
    assert.equal(canChangePassword([member('read_only', 'a'), member('read_only', 'b')]), false);
  });

  // The server lets anyone replace a temporary password (auth.service.ts), or a read-only invitee
  // is locked out: the screen disabled the form for them while every other screen sent them back
  // to it (decision 110).
  test('a read-only member on a temporary password may replace it', () => {
    assert.equal(canChangePassword([member('read_only')], { temporaryPassword: true }), true);
    assert.equal(canChangePassword([member('read_only')], { temporaryPassword: false }), false);
  });

  test('checks length, then confirmation, then that the password changes', () => {
    const check = (current: string, next: string, confirm: string) =>
      validatePasswordChange({ current, next, confirm });
    assert.equal(
      check('old-pass', 'short', 'short'),
      'New password must be at least 8 characters long',
    );
    assert.equal(check('old-pass', 'new-password', 'new-passw0rd'), 'New passwords do not match');
    assert.equal(
      check('same-password', 'same-password', 'same-password'),
      'New password must be different from current password',
    );
    assert.equal(check('old-pass', 'new-password', 'new-password'), null);
  });

  test('maps server answers to the catalogue texts', () => {
    assert.equal(
      changePasswordErrorMessage(new ApiError(401, 'invalid_current_password', 'x')),
      'Current password is incorrect',
    );
    assert.equal(
      changePasswordErrorMessage(new ApiError(403, 'forbidden', 'x')),
      READ_ONLY_MESSAGE,
    );
    assert.equal(
      changePasswordErrorMessage(new ApiError(500, 'internal_error', 'x')),
      'Failed to change password. Please try again.',
    );
    // Wrong current passwords wait as failed sign-ins do (decision 106): the wait is the news.
    assert.equal(
      changePasswordErrorMessage(
        new ApiError(
          429,
          'rate_limited',
          'Too many failed sign-in attempts. Please wait 2 seconds and try again.',
        ),
      ),
      'Too many failed sign-in attempts. Please wait 2 seconds and try again.',
    );
  });
});
