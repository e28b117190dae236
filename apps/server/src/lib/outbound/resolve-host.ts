import { lookup, Resolver } from 'node:dns/promises';
import type { ResolveHost } from './guarded-agent.ts';

/** What resolution needs of `dns.promises.Resolver`; tests stand a fake in for it. */
export interface DnsClient {
  getServers(): string[];
  resolve4(hostname: string): Promise<string[]>;
  resolve6(hostname: string): Promise<string[]>;
}

/** The operating system's resolver (getaddrinfo on libuv's thread pool): every address of a name. */
export type SystemLookup = (hostname: string) => Promise<string[]>;

export interface HostResolverOptions {
  /** The whole lookup's bound, A and AAAA together; past it the delivery attempt fails. */
  deadlineMs?: number;
  client?: DnsClient;
  systemLookup?: SystemLookup;
}

/** Answers that mean "this name has no such address", not "the lookup failed". */
const NO_ADDRESS = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'ENONAME']);
/** No nameserver to ask: none configured, and c-ares' stand-in 127.0.0.1 runs none. */
const NO_NAMESERVER = new Set(['ECONNREFUSED']);

const systemLookupAll: SystemLookup = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Resolves webhook hosts without tying up libuv's thread pool. `dns.lookup` runs getaddrinfo on
 * one of the pool's four threads with no timeout of its own: a tenant whose domain's nameserver
 * never answers could hold them all, and with them file, crypto and zlib work of every request.
 * c-ares (`Resolver`) asks the nameservers from the event loop, a bounded number of times.
 *
 * Where no nameserver can be asked (none in resolv.conf, so c-ares tries 127.0.0.1 and is
 * refused), names are left to the system resolver, which may know them from /etc/hosts or other
 * sources, but one lookup at a time: a lookup that hangs holds one thread, never the pool.
 */
export function createHostResolver(opts: HostResolverOptions = {}): ResolveHost {
  const deadlineMs = opts.deadlineMs ?? 3_000;
  const client = opts.client ?? new Resolver({ timeout: 1_000, tries: 2 });
  const system = oneAtATime(opts.systemLookup ?? systemLookupAll);

  async function resolve(hostname: string, signal: AbortSignal): Promise<string[]> {
    if (client.getServers().length === 0) return system(hostname, signal);
    const answers = await Promise.allSettled([
      client.resolve4(hostname),
      client.resolve6(hostname),
    ]);
    const addresses = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
    if (addresses.length > 0) return addresses;
    const codes = answers.map((a) => (a.status === 'rejected' ? errorCode(a.reason) : 'ENODATA'));
    if (codes.every((c) => NO_ADDRESS.has(c))) return [];
    if (codes.some((c) => NO_NAMESERVER.has(c))) return system(hostname, signal);
    throw new Error(`DNS lookup for ${hostname} failed (${codes.join(', ')})`);
  }

  return async (hostname) => {
    const giveUp = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        giveUp.abort();
        reject(new Error(`DNS lookup for ${hostname} timed out after ${deadlineMs} ms`));
      }, deadlineMs);
    });
    try {
      return await Promise.race([resolve(hostname, giveUp.signal), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The system lookup, never two at once: callers queue, and one whose deadline passed while
 * queued is not started at all.
 */
function oneAtATime(
  run: SystemLookup,
): (hostname: string, signal: AbortSignal) => Promise<string[]> {
  let tail: Promise<unknown> = Promise.resolve();
  return (hostname, signal) => {
    const result = tail.then(() => {
      if (signal.aborted) throw new Error(`DNS lookup for ${hostname} was given up while queued`);
      return run(hostname);
    });
    tail = result.catch(() => undefined);
    return result;
  };
}

function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : 'EUNKNOWN';
}
