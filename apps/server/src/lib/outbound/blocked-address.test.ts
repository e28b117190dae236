import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isBlockedAddress, isInsideHost } from './blocked-address.ts';
import { allowedAddress, BlockedDestinationError } from './guarded-agent.ts';

// Only classification: nothing here opens a socket, so no packet leaves for these addresses.
const BLOCKED = [
  '127.0.0.1',
  '127.255.255.254',
  '0.0.0.0',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '100.64.0.1',
  '100.127.255.255',
  '169.254.169.254',
  '169.254.0.1',
  '224.0.0.1',
  '255.255.255.255',
  '::',
  '::1',
  '[::1]',
  'fe80::1',
  'fe80::1%eth0',
  'fc00::1',
  'fd00:ec2::254',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '::127.0.0.1',
  '64:ff9b::127.0.0.1',
  '64:ff9b::a9fe:a9fe',
  // IPv4-translated (SIIT, ::ffff:0:0/96) and local-use NAT64 (64:ff9b:1::/48, RFC 8215): a
  // translator on the network delivers them to the IPv4 host inside.
  '::ffff:0:127.0.0.1',
  '::ffff:0:a9fe:a9fe',
  '::ffff:0:10.0.0.1',
  '64:ff9b:1::a9fe:a9fe',
  '64:ff9b:1:7f00:1::',
  '64:ff9b:1:a9fe:a9:fe00::',
  '2002:7f00:1::1',
  '2002:c0a8:101::',
  'ff02::1',
  // Not an address at all (a name, an integer or octal form that never went through a URL
  // parser): refused rather than guessed at.
  'localhost',
  '2130706433',
  '0177.0.0.1',
  '0x7f000001',
  '',
];
const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.32.0.1',
  '172.15.255.255',
  '100.128.0.1',
  '100.63.255.255',
  '192.169.0.1',
  '169.255.0.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '::ffff:0:808:808',
  '2002:808:808::',
];

describe('the webhook address check', () => {
  test('refuses loopback, private, CGNAT, link-local, metadata and reserved addresses in every form', () => {
    assert.deepEqual(
      BLOCKED.filter((a) => !isBlockedAddress(a)),
      [],
    );
  });

  test('lets public addresses through, also when IPv6 carries a public IPv4', () => {
    assert.deepEqual(
      PUBLIC.filter((a) => isBlockedAddress(a)),
      [],
    );
  });

  test('the URL parser turns integer, hex, octal and short forms into the dotted address checked', () => {
    for (const host of ['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '0x7f.1']) {
      const hostname = new URL(`http://${host}:8080/`).hostname;
      assert.equal(hostname, '127.0.0.1', host);
      assert.ok(isBlockedAddress(hostname), host);
    }
    assert.equal(new URL('http://[::ffff:127.0.0.1]/').hostname, '[::ffff:7f00:1]');
    assert.ok(isBlockedAddress(new URL('http://[::ffff:127.0.0.1]/').hostname));
  });

  test('a saved webhook URL is refused when its host is an inside literal or a localhost name', () => {
    const inside = [
      'http://169.254.169.254/latest/meta-data/',
      'http://0x7f000001/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[fd00:ec2::254]/',
      'http://LocalHost./',
      'http://api.localhost:3000/',
      'http://0.0.0.0/',
    ];
    for (const url of inside) assert.ok(isInsideHost(new URL(url).hostname), url);
    // Names are left to the delivery-time check: nothing is looked up here.
    for (const url of [
      'https://hooks.slack.com/x',
      'http://8.8.8.8/',
      'http://localhost.example.com/',
    ]) {
      assert.ok(!isInsideHost(new URL(url).hostname), url);
    }
  });

  test('a name is judged by every address it resolves to: one inside refuses it (DNS rebinding)', async () => {
    const resolver = (answers: Record<string, string[]>) => async (name: string) =>
      answers[name] ?? [];
    const resolve = resolver({
      'hooks.example.com': ['93.184.216.34'],
      'mixed.example.com': ['93.184.216.34', '10.0.0.5'],
      'rebind.example.com': ['169.254.169.254'],
      'v6.example.com': ['fd00:ec2::254'],
    });
    assert.equal(await allowedAddress('hooks.example.com', 443, resolve), '93.184.216.34');
    for (const name of [
      'mixed.example.com',
      'rebind.example.com',
      'v6.example.com',
      'none.example',
    ]) {
      await assert.rejects(allowedAddress(name, 443, resolve), BlockedDestinationError, name);
    }
    await assert.rejects(allowedAddress('[::1]', 80, resolve), BlockedDestinationError);
    await assert.rejects(allowedAddress('127.0.0.1', 80, resolve), BlockedDestinationError);
  });
});
