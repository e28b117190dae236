/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sessionUser } from '../../lib/testing/fixtures.ts';
import { subscriptionLetsIn } from './console-access.ts';

describe('which screens the subscription check opens', () => {
  const operator = sessionUser({ is_superadmin: true, accounts: [] });
  const member = sessionUser({ is_superadmin: false });
  const lapsed = (user = operator) => ({ has_active_subscription: false, user });

  test('a live subscription opens every screen', () => {
    for (const path of ['/dashboard', '/admin/users']) {
      assert.ok(subscriptionLetsIn(path, { has_active_subscription: true, user: member }));
    }
  });

  test('a superadmin without a subscription or an account reaches the console, nothing else', () => {
    assert.ok(subscriptionLetsIn('/admin/users', lapsed()));
    assert.ok(subscriptionLetsIn('/admin/accounts', lapsed()));
    assert.ok(!subscriptionLetsIn('/dashboard', lapsed()));
    assert.ok(!subscriptionLetsIn('/administrator', lapsed()));
  });

  test('without the flag, the console is behind the subscription like every screen', () => {
    assert.ok(!subscriptionLetsIn('/admin/users', lapsed(member)));
    assert.ok(!subscriptionLetsIn('/admin/users', { has_active_subscription: false }));
  });
});
