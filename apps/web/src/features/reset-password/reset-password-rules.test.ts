/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../lib/api-error.ts';
import { resetErrorMessage } from './reset-password-rules.ts';

describe('reset password rules', () => {
  test('a 400 means the token is bad; anything else is a generic failure', () => {
    assert.equal(
      resetErrorMessage(new ApiError(400, 'invalid_reset_token', 'x')),
      'Invalid or expired reset token',
    );
    assert.equal(
      resetErrorMessage(new ApiError(500, 'internal_error', 'x')),
      'Failed to reset password',
    );
    assert.equal(resetErrorMessage(new TypeError('Failed to fetch')), 'Failed to reset password');
  });
});
