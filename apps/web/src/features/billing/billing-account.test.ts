/// <reference types="node" />
import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { saveSession } from '../../lib/session.ts';
import { sessionUser } from '../../lib/testing/fixtures.ts';
import { installMemoryStorage } from '../../lib/testing/memory-storage.ts';
import { resolveBillingAccount } from './billing-account.ts';

describe('billing account', () => {
  beforeEach(() => {
    installMemoryStorage();
  });

  test('is the first account of the stored user', () => {
    saveSession(
      't',
      sessionUser({
        accounts: [
          { id: 'first', name: 'A', role: 'owner' },
          { id: 'second', name: 'B', role: 'member' },
        ],
      }),
    );
    assert.deepEqual(resolveBillingAccount(), { accountId: 'first' });
  });

  test('explains each way the session can be unusable', () => {
    assert.deepEqual(resolveBillingAccount(), { error: 'Not authenticated' });
    localStorage.setItem('auth_token', 't');
    localStorage.setItem('user', 'garbage');
    assert.deepEqual(resolveBillingAccount(), { error: 'Invalid user data' });
    saveSession('t', sessionUser({ accounts: [] }));
    assert.deepEqual(resolveBillingAccount(), { error: 'No account found' });
  });
});
