import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { isBlockedAddress, isInsideHost } from './blocked-address.ts';
import { createHostResolver } from './resolve-host.ts';

/** Raised when a destination resolves to an address outbound calls may not reach. */
export class BlockedDestinationError extends Error {
  override readonly name = 'BlockedDestinationError';
}

export type ResolveHost = (hostname: string) => Promise<string[]>;
/** Which resolved addresses are refused; the port lets a test stand a loopback port in for "public". */
export type AddressPolicy = (address: string, port: number) => boolean;

const byAddress: AddressPolicy = (address) => isBlockedAddress(address);

/**
 * Picks the address to connect to: the literal itself, or the first address the name resolves
 * to, refusing the lot when any of them is blocked (a name that also points inward is not trusted).
 */
export async function allowedAddress(
  hostname: string,
  port: number,
  resolve: ResolveHost,
  isBlocked: AddressPolicy = byAddress,
): Promise<string> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  // localhost names are the loopback (RFC 6761) and never asked of a nameserver.
  if (!isIP(bare) && isInsideHost(bare)) {
    throw new BlockedDestinationError(
      `Destination ${hostname} is this machine, which webhooks may not reach`,
    );
  }
  const addresses = isIP(bare) ? [bare] : await resolve(bare);
  const refused = addresses.find((a) => isBlocked(a, port));
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
  isBlocked?: AddressPolicy;
}): Agent {
  const resolve = opts.resolve ?? createHostResolver();
  const connectTo = buildConnector({ timeout: opts.connectTimeoutMs });
  return new Agent({
    connect(options, callback) {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
      allowedAddress(options.hostname, port, resolve, opts.isBlocked).then(
        (address) => connectTo({ ...options, hostname: address }, callback),
        (err: Error) => callback(err, null),
      );
    },
  });
}
