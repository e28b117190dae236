/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sidebarLinks } from './nav-links.ts';

describe('sidebar links', () => {
  test('follow the spec order, ending with Billing, for a normal user', () => {
    assert.deepEqual(
      sidebarLinks(false).map((l) => l.to),
      [
        '/dashboard',
        '/api-keys',
        '/optimization',
        '/semantic-cache',
        '/routing',
        '/savings',
        '/evals',
        '/alerts',
        '/team',
        '/settings',
        '/billing',
      ],
    );
  });

  test('a superadmin also gets the two admin links, after the rest', () => {
    const labels = sidebarLinks(true).map((l) => l.label);
    assert.deepEqual(labels.slice(-2), ['Admin: Users', 'Admin: Accounts']);
    assert.equal(labels.length, 13);
    assert.ok(!sidebarLinks(false).some((l) => l.to.startsWith('/admin')));
  });
});
