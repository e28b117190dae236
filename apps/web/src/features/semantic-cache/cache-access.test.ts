/// <reference types="node" />
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { canManage as canConfigureCache } from '../../lib/roles.ts';
import { canInvalidateCache } from './cache-access.ts';

describe('semantic cache access', () => {
  test('the server’s rules: managers configure, every writer may invalidate', () => {
    const roles = ['owner', 'admin', 'member', 'read_only'] as const;
    assert.deepEqual(roles.filter(canConfigureCache), ['owner', 'admin']);
    assert.deepEqual(roles.filter(canInvalidateCache), ['owner', 'admin', 'member']);
    assert.equal(canInvalidateCache(undefined), false, 'no stored account, no controls');
  });
});
