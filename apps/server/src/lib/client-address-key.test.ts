import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientAddressKey } from './client-address-key.ts';

test('a client is counted by its IPv4 address, or by its IPv6 /64 (a host picks any address in it)', () => {
  assert.equal(clientAddressKey('203.0.113.7'), '203.0.113.7');
  assert.equal(clientAddressKey('::ffff:203.0.113.7'), '203.0.113.7');
  const a = clientAddressKey('2001:db8:1:2:aaaa::1');
  assert.equal(a, '2001:db8:1:2::/64');
  assert.equal(clientAddressKey('2001:0db8:0001:0002:ffff:eeee:dddd:cccc'), a);
  assert.notEqual(clientAddressKey('2001:db8:1:3::1'), a);
  assert.equal(clientAddressKey('::1'), '0:0:0:0::/64');
});
