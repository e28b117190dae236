/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../lib/api-error.ts';
import { SIGNUP_FAILED, signupErrorMessage } from './signup-error.ts';

describe('signup error text', () => {
  test('a taken email reads as the spec says, not as the server words its 409', () => {
    const taken = new ApiError(409, 'conflict', 'An account with this email already exists');
    assert.equal(signupErrorMessage(taken), SIGNUP_FAILED);
    assert.equal(SIGNUP_FAILED, 'Failed to create account. Email may already be in use.');
  });

  test('bad input shows what to fix; anything else falls back to the spec sentence', () => {
    const tooLong = new ApiError(400, 'validation_error', 'Email must be at most 254 characters');
    assert.equal(signupErrorMessage(tooLong), 'Email must be at most 254 characters');
    for (const err of [
      new ApiError(500, 'internal_error', 'Something went wrong. Please try again.'),
      new ApiError(400, 'validation_error', undefined),
      new TypeError('Failed to fetch'),
    ]) {
      assert.equal(signupErrorMessage(err), SIGNUP_FAILED);
    }
  });
});
