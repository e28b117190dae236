/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SignupRequest } from '@tokenwise/contracts';
import { validateNewPassword } from './new-password.ts';

describe('new password rule in the forms', () => {
  test('needs 8 characters, then matching fields', () => {
    assert.equal(
      validateNewPassword('1234567', '1234567'),
      'Password must be at least 8 characters long',
    );
    assert.equal(validateNewPassword('long-enough', 'long-enougH'), 'Passwords do not match');
    assert.equal(validateNewPassword('12345678', '12345678'), null);
    assert.equal(validateNewPassword('x'.repeat(257), 'x'.repeat(257)), 'Password is too long');
  });

  test('refuses exactly what the server refuses at signup', () => {
    for (const password of ['', 'a', '1234567', '12345678', 'x'.repeat(256), 'x'.repeat(257)]) {
      const server = SignupRequest.safeParse({ email: 'a@b.co', password });
      assert.equal(validateNewPassword(password, password) === null, server.success, password);
    }
  });
});
