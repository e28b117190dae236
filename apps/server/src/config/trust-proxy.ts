import { z } from 'zod';

/**
 * Whose `X-Forwarded-For` the server believes: nobody (null: the socket address is the client),
 * the first N proxy hops, or proxies at these addresses/ranges.
 */
export type TrustProxy = { hops: number } | { proxies: string[] } | null;

const ProxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** TRUST_PROXY: a hop count (`1`) or a comma-separated list of addresses and CIDR ranges. */
export const TrustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && hops <= 10) return { hops };
    } else {
      const proxies = value.split(',').map((p) => p.trim());
      if (proxies.every((p) => ProxyAddress.safeParse(p).success)) return { proxies };
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'must be a hop count from 1 to 10 or a comma-separated list of IP addresses/CIDR ranges',
    });
    return z.NEVER;
  });

/** Fastify's `trustProxy` option for a setting. */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (!setting) return false;
  if ('proxies' in setting) return setting.proxies;
  // Fastify 5 ignores a bare number (fails closed), so the hop count is spelled out: the socket
  // peer is hop 0, and each trusted hop lets the next address to the left in the header count.
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}
