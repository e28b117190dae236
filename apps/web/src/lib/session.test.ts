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
  watchSessionElsewhere,
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

  test('another tab signing out, signing in anew or switching the account moves this one; a refresh does not', () => {
    // What the browser hands the other tabs when one writes localStorage.
    const target = new EventTarget();
    globalThis.window = target as unknown as Window & typeof globalThis;
    const storage = (key: string | null, oldValue: string | null, newValue: string | null) =>
      target.dispatchEvent(Object.assign(new Event('storage'), { key, oldValue, newValue }));
    const seen: boolean[] = [];
    const stop = watchSessionElsewhere((signedIn) => seen.push(signedIn));
    const user = (...ids: string[]) =>
      JSON.stringify(
        sessionUser({ accounts: ids.map((id) => ({ id, name: id, role: 'owner' as const })) }),
      );

    storage('user', user('a', 'b'), user('a', 'b'));
    storage('user', user('a', 'b'), user('a'));
    assert.deepEqual(seen, [], 'the same active account: nothing to move');
    storage('auth_token', null, 'fresh');
    assert.deepEqual(seen, [], 'signed out here: another tab signing in leaves this one');
    storage('user', user('a', 'b'), user('b', 'a'));
    storage('auth_token', 'old', 'new');
    storage('auth_token', 'new', null);
    assert.deepEqual(seen, [true, true, false]);
    stop();
    storage('auth_token', 'x', null);
    assert.equal(seen.length, 3);
  });
});
