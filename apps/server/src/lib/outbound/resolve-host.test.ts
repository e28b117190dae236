import assert from 'node:assert/strict';
import { pbkdf2 } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { allowedAddress, BlockedDestinationError } from './guarded-agent.ts';
import { createHostResolver, type DnsClient } from './resolve-host.ts';

const dnsError = (code: string) => Object.assign(new Error(code), { code });
const never = () => new Promise<string[]>(() => undefined);

/** A fake DNS client: answers by name and record type; a name it does not know never answers. */
function fakeClient(
  answers: Record<string, { a?: string[] | string; aaaa?: string[] | string }>,
  servers = ['192.0.2.53'],
): DnsClient {
  const answer = (value: string[] | string | undefined) =>
    value === undefined
      ? Promise.reject(dnsError('ENODATA'))
      : typeof value === 'string'
        ? Promise.reject(dnsError(value))
        : Promise.resolve(value);
  return {
    getServers: () => servers,
    resolve4: (name) => (name in answers ? answer(answers[name]?.a) : never()),
    resolve6: (name) => (name in answers ? answer(answers[name]?.aaaa) : never()),
  };
}

const noSystem = () => Promise.reject(new Error('the system resolver must not be used'));

describe('webhook host resolution', () => {
  test('both address families, IPv4 first; a name without addresses resolves to none', async () => {
    const resolve = createHostResolver({
      systemLookup: noSystem,
      client: fakeClient({
        'dual.example': { a: ['93.184.216.34'], aaaa: ['2606:2800:220:1::1'] },
        'v4.example': { a: ['93.184.216.34'] },
        'gone.example': { a: 'ENOTFOUND', aaaa: 'ENOTFOUND' },
      }),
    });
    assert.deepEqual(await resolve('dual.example'), ['93.184.216.34', '2606:2800:220:1::1']);
    assert.deepEqual(await resolve('v4.example'), ['93.184.216.34']);
    assert.deepEqual(await resolve('gone.example'), []);
  });

  test('a nameserver that never answers fails the lookup at the deadline', async () => {
    const resolve = createHostResolver({
      deadlineMs: 150,
      systemLookup: noSystem,
      client: fakeClient({}),
    });
    const started = Date.now();
    await assert.rejects(resolve('silent.example'), /DNS lookup for silent.example timed out/);
    assert.ok(Date.now() - started < 1_000);
  });

  test('every resolved address is still judged: one inside refuses the name', async () => {
    const resolve = createHostResolver({
      systemLookup: noSystem,
      client: fakeClient({ 'mixed.example': { a: ['93.184.216.34'], aaaa: ['fd00:ec2::254'] } }),
    });
    await assert.rejects(allowedAddress('mixed.example', 443, resolve), BlockedDestinationError);
  });

  test('localhost names are refused without asking anyone', async () => {
    const asked: string[] = [];
    const resolve = async (name: string) => {
      asked.push(name);
      return ['93.184.216.34'];
    };
    for (const name of ['localhost', 'api.localhost', 'LOCALHOST.']) {
      await assert.rejects(allowedAddress(name, 80, resolve), BlockedDestinationError, name);
    }
    assert.deepEqual(asked, []);
  });

  test('with no nameserver to ask, the system resolver answers, one lookup at a time', async () => {
    let running = 0;
    let most = 0;
    const calls: string[] = [];
    const systemLookup = async (name: string) => {
      calls.push(name);
      running++;
      most = Math.max(most, running);
      if (name === 'hangs.example') return never();
      running--;
      return ['93.184.216.34'];
    };
    const unconfigured = createHostResolver({
      deadlineMs: 150,
      systemLookup,
      client: fakeClient({}, []),
    });
    assert.deepEqual(await unconfigured('hosts-file.example'), ['93.184.216.34']);

    // c-ares with no nameserver configured asks 127.0.0.1, which is refused.
    const refused = createHostResolver({
      deadlineMs: 150,
      systemLookup,
      client: fakeClient({ 'named.example': { a: 'ECONNREFUSED', aaaa: 'ECONNREFUSED' } }),
    });
    assert.deepEqual(await refused('named.example'), ['93.184.216.34']);

    // A hanging system lookup holds one thread; those queued behind it give up, never start.
    const queued = ['hangs.example', 'a.example', 'b.example', 'c.example'];
    const results = await Promise.allSettled(queued.map((n) => unconfigured(n)));
    assert.ok(results.every((r) => r.status === 'rejected'));
    assert.deepEqual(calls, ['hosts-file.example', 'named.example', 'hangs.example']);
    assert.equal(most, 1);
  });
});

describe('webhook host resolution against a nameserver on loopback that never answers', () => {
  let stub: Socket;
  let queries = 0;
  before(async () => {
    stub = createSocket('udp4');
    stub.on('message', () => {
      queries++;
    });
    await new Promise<void>((resolve) => stub.bind(0, '127.0.0.1', resolve));
  });
  after(() => stub.close());

  test("lookups wait on the event loop, not in libuv's thread pool, and end by themselves", async () => {
    const client = new Resolver({ timeout: 200, tries: 1 });
    client.setServers([`127.0.0.1:${(stub.address() as AddressInfo).port}`]);
    const resolve = createHostResolver({ client, deadlineMs: 2_000, systemLookup: noSystem });
    // Twice the pool's four threads: dns.lookup would hold all of them for as long as they hang.
    const started = Date.now();
    const lookups = Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => resolve(`silent-${i}.example`)),
    );
    // Work that needs the pool finishes while every lookup is still waiting.
    await Promise.all(
      Array.from({ length: 4 }, () => promisify(pbkdf2)('x', 'salt', 1, 32, 'sha256')),
    );
    const poolFreeAfter = Date.now() - started;
    const results = await lookups;
    const lookupsEndedAfter = Date.now() - started;
    assert.ok(poolFreeAfter < lookupsEndedAfter, `${poolFreeAfter} ms vs ${lookupsEndedAfter} ms`);
    assert.ok(results.every((r) => r.status === 'rejected'));
    assert.match(String((results[0] as PromiseRejectedResult).reason), /ETIMEOUT/);
    assert.ok(queries >= 8, 'the queries went to the stub');
  });
});
