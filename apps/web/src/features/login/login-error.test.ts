/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../lib/api-error.ts';
import { loginErrorMessage, loginWaitMessage } from './login-error.ts';

describe('login error text', () => {
  test('every failure reads the same, so no email is confirmed to exist', () => {
    for (const err of [
      new ApiError(401, 'invalid_credentials', 'Invalid email or password'),
      new ApiError(400, 'bad_request', 'Enter a valid email address'),
      new ApiError(500, 'internal_error', 'Something went wrong. Please try again.'),
      new TypeError('Failed to fetch'),
    ]) {
      assert.equal(loginErrorMessage(err), 'Invalid email or password');
    }
  });

  test('throttling reads the same, with the server message on a line of its own', () => {
    const wait = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
    const throttled = new ApiError(429, 'rate_limited', wait);
    assert.equal(loginErrorMessage(throttled), 'Invalid email or password');
    assert.equal(loginWaitMessage(throttled), wait);
    assert.equal(loginWaitMessage(new ApiError(401, 'invalid_credentials', 'x')), null);
  });
});
