/// <reference types="node" />
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import {
  activeAccount,
  clearSession,
  isPasswordChangeRequired,
  markPasswordChanged,
  readStoredUser,
  saveSession,
} from './session.ts';
import { sessionUser } from './testing/fixtures.ts';
import { installMemoryStorage } from './testing/memory-storage.ts';

describe('browser session', () => {
  beforeEach(() => {
    installMemoryStorage();
  });

  test('stores the token and user under auth_token and user, and clears both', () => {
    const user = sessionUser();
    saveSession('abc', user);
    assert.equal(localStorage.getItem('auth_token'), 'abc');
    assert.deepEqual(JSON.parse(localStorage.getItem('user') ?? 'null'), user);
    clearSession();
    assert.equal(localStorage.getItem('auth_token'), null);
    assert.equal(localStorage.getItem('user'), null);
  });

  test('tells a missing user from a corrupted one', () => {
    assert.equal(readStoredUser().status, 'missing');
    localStorage.setItem('user', '{not json');
    assert.equal(readStoredUser().status, 'invalid');
    localStorage.setItem('user', JSON.stringify({ id: 'u1' }));
    assert.equal(readStoredUser().status, 'invalid');
  });

  test('the first account is the active one', () => {
    const user = sessionUser({
      accounts: [
        { id: 'a1', name: 'First', role: 'read_only' },
        { id: 'a2', name: 'Second', role: 'owner' },
      ],
    });
    assert.equal(activeAccount(user)?.id, 'a1');
    assert.equal(activeAccount(sessionUser({ accounts: [] })), null);
  });

  test('a sign-in with a temporary password is held until the password changes', () => {
    saveSession('abc', sessionUser(), { passwordChangeRequired: true });
    assert.equal(isPasswordChangeRequired(), true);
    markPasswordChanged();
    assert.equal(isPasswordChangeRequired(), false);
    assert.equal(localStorage.getItem('auth_token'), 'abc', 'the session itself stays');
  });

  test('a later normal sign-in or a sign-out drops the hold', () => {
    saveSession('abc', sessionUser(), { passwordChangeRequired: true });
    saveSession('def', sessionUser());
    assert.equal(isPasswordChangeRequired(), false);
    saveSession('abc', sessionUser(), { passwordChangeRequired: true });
    clearSession();
    assert.equal(isPasswordChangeRequired(), false);
  });
});
