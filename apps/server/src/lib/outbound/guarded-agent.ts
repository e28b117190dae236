import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { isBlockedAddress } from './blocked-address.ts';

/** Raised when a destination resolves to an address outbound calls may not reach. */
export class BlockedDestinationError extends Error {
  override readonly name = 'BlockedDestinationError';
}

export type ResolveHost = (hostname: string) => Promise<string[]>;

const resolveWithDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Picks the address to connect to: the literal itself, or the first address the name resolves
 * to, refusing the lot when any of them is blocked (a name that also points inward is not trusted).
 */
export async function allowedAddress(hostname: string, resolve: ResolveHost): Promise<string> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [bare] : await resolve(bare);
  const refused = addresses.find(isBlockedAddress);
  if (refused !== undefined || addresses.length === 0) {
    throw new BlockedDestinationError(
      `Destination ${hostname} resolves to ${refused ?? 'no address'}, which webhooks may not reach`,
    );
  }
  return addresses[0] as string;
}

/**
 * An undici Agent whose every connection is checked where it is made: the host is resolved here,
 * the address is checked, and the socket connects to that very address. A name that resolves
 * to a public address for a check and to 127.0.0.1 for the connection (DNS rebinding) cannot
 * slip through, and neither can a redirect, since each hop connects through this agent.
 * TLS still verifies the certificate against the original name (servername comes from `host`).
 */
export function createGuardedAgent(opts: {
  connectTimeoutMs: number;
  resolve?: ResolveHost;
}): Agent {
  const resolve = opts.resolve ?? resolveWithDns;
  const connectTo = buildConnector({ timeout: opts.connectTimeoutMs });
  return new Agent({
    connect(options, callback) {
      allowedAddress(options.hostname, resolve).then(
        (address) => connectTo({ ...options, hostname: address }, callback),
        (err: Error) => callback(err, null),
      );
    },
  });
}
