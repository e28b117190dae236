import { Pool } from 'undici';

// One keep-alive pool per provider origin, shared by every request, so TLS and TCP setup is paid
// once per connection rather than once per call.
const pools = new Map<string, Pool>();

export function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, {
      connections: 128,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 120_000,
    });
    pools.set(origin, pool);
  }
  return pool;
}

/** Closes every pool; in-flight requests finish first. Called on shutdown. */
export async function closeUpstreamPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close()));
}
