import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findIpAddresses } from './ip-address.ts';

const values = (text: string) => findIpAddresses(text).map((s) => s.value);

describe('findIpAddresses', () => {
  it('finds IPv4 and IPv6 addresses, compressed, zoned and IPv4-mapped', () => {
    assert.deepEqual(values('Blocked 203.0.113.42 after 5 tries.'), ['203.0.113.42']);
    assert.deepEqual(values('from 2001:db8:85a3::8a2e:370:7334 and fe80::1%eth0'), [
      '2001:db8:85a3::8a2e:370:7334',
      'fe80::1%eth0',
    ]);
    assert.deepEqual(values('mapped ::ffff:192.0.2.1 here'), ['::ffff:192.0.2.1']);
  });

  it('ignores invalid octets, longer dotted numbers, versions and host names', () => {
    for (const text of [
      '256.1.1.1',
      '1.2.3.4.5',
      '01.02.03.04',
      'version 1.2.3.4',
      'v10.0.0.1',
      'see 10.0.0.1.nip.io',
      'at 10:30:00',
      'MAC 00:1A:2B:3C:4D:5E',
      'std::vector<int>',
      'a::b',
    ]) {
      assert.deepEqual(values(text), [], text);
    }
  });

  it('leaves loopback, unspecified and netmask values alone', () => {
    assert.deepEqual(values('bind 0.0.0.0 or 127.0.0.1 or ::1, mask 255.255.255.0'), []);
  });
});
