/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { canManage as canManageAccountSettings } from '../../lib/roles.ts';
import { canChangeSso, canSeeProviderKeys } from './settings-access.ts';

describe('settings access by role', () => {
  test('only owners and admins may change account-wide settings', () => {
    assert.equal(canManageAccountSettings('owner'), true);
    assert.equal(canManageAccountSettings('admin'), true);
    assert.equal(canManageAccountSettings('member'), false);
    assert.equal(canManageAccountSettings('read_only'), false);
    assert.equal(canManageAccountSettings(undefined), false);
  });

  test('only the owner may change single sign-on; admins see it', () => {
    assert.equal(canChangeSso('owner'), true);
    for (const role of ['admin', 'member', 'read_only', undefined] as const) {
      assert.equal(canChangeSso(role), false, String(role));
    }
  });

  test('everyone but read-only members sees the provider-key list', () => {
    assert.equal(canSeeProviderKeys('member'), true);
    assert.equal(canSeeProviderKeys('read_only'), false);
  });
});
