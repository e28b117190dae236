import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

// A Redis that is down or silent costs a caller at most this long, never a hang.
const TIMEOUT_MS = 2_000;

/**
 * An ioredis connection whose waits are bounded (connect, each command, one retry) and whose
 * errors are logged once per outage: without a listener ioredis prints every failed reconnect.
 * It reconnects on its own, with backoff, for as long as the server runs.
 */
export function connectRedis(
  url: string,
  log: Logger,
  role: string,
  options: RedisOptions = {},
): Redis {
  const redis = new Redis(url, {
    connectTimeout: TIMEOUT_MS,
    commandTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    ...options,
  });
  let down = false;
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    log.warn({ err, role }, 'Redis unreachable; retrying in the background');
  });
  redis.on('ready', () => {
    if (down) log.info({ role }, 'Redis reachable again');
    down = false;
  });
  return redis;
}
