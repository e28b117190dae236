import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);

/** Hosts something in this process tried to reach beyond loopback (each refused before a packet). */
export const refusedHosts: string[] = [];

/**
 * Refuses, in this process, every connection and name lookup beyond loopback: fuzzed alert
 * webhooks, SAML URLs and model names must not send a packet off the machine, whatever the
 * server's own guards make of them. Installed before the server is imported.
 */
export function guardLoopback(): void {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0] as { host?: string; path?: string } | unknown[] | number;
    const options = Array.isArray(first) ? first[0] : first;
    const host =
      typeof options === 'object' && options !== null
        ? (options as { host?: string; path?: string }).path
          ? 'localhost'
          : ((options as { host?: string }).host ?? 'localhost')
        : typeof args[1] === 'string'
          ? args[1]
          : 'localhost';
    if (!LOOPBACK.has(host)) {
      refusedHosts.push(host);
      throw new Error(`route-fuzz: connection to ${host} refused (loopback only)`);
    }
    return connect.apply(this, args as Parameters<typeof connect>);
  } as typeof connect;
  const lookup = dns.lookup;
  dns.lookup = ((hostname: string, ...rest: unknown[]) => {
    if (!LOOPBACK.has(hostname)) {
      refusedHosts.push(hostname);
      const callback = rest.at(-1) as (err: Error) => void;
      const err = Object.assign(new Error(`route-fuzz: lookup of ${hostname} refused`), {
        code: 'ENOTFOUND',
      });
      process.nextTick(() => callback(err));
      return {} as never;
    }
    return (lookup as (...a: unknown[]) => unknown)(hostname, ...rest);
  }) as typeof dns.lookup;
  const lookupPromise = dns.promises.lookup;
  dns.promises.lookup = (async (hostname: string, ...rest: unknown[]) => {
    if (!LOOPBACK.has(hostname)) {
      refusedHosts.push(hostname);
      throw Object.assign(new Error(`route-fuzz: lookup of ${hostname} refused`), {
        code: 'ENOTFOUND',
      });
    }
    return (lookupPromise as (...a: unknown[]) => unknown)(hostname, ...rest);
  }) as typeof dns.promises.lookup;
  // Webhook hosts are resolved with c-ares (UDP to the nameservers), not through lookup.
  const resolver = dns.promises.Resolver.prototype as unknown as Record<string, unknown>;
  for (const name of ['resolve', 'resolve4', 'resolve6', 'resolveAny']) {
    resolver[name] = async (hostname: string) => {
      refusedHosts.push(hostname);
      throw Object.assign(new Error(`route-fuzz: resolving ${hostname} refused`), {
        code: 'ENOTFOUND',
      });
    };
  }
  syncBuiltinESMExports();
}
