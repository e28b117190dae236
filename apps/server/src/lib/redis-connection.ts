import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

// A Redis that is down or silent costs a caller at most this long, never a hang.
const TIMEOUT_MS = 2_000;
// A link that dies without closing (a partition, a failover behind one address) would leave the
// connection 'ready' for minutes: every command waiting out its timeout, and the bus believing it
// still hears deletions. A PING unanswered this long drops the connection, which reconnects;
// with one sent as often, a silent link is noticed within twice this (the 1 s of a deletion).
const HEALTH_CHECK_MS = 400;

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
  let pinging = false;
  const health = setInterval(() => {
    if (redis.status !== 'ready' || pinging) return;
    pinging = true;
    let answered = false;
    // Judged after the event loop's next poll: a PONG that came while the loop was held (a long
    // synchronous task) is read first, and does not count as silence.
    const silent = setTimeout(
      () =>
        setImmediate(() => {
          // Closed meanwhile, or already reconnecting on its own.
          if (answered || redis.status !== 'ready') return;
          log.warn({ role }, 'Redis did not answer a PING; reconnecting');
          redis.disconnect(true);
        }),
      HEALTH_CHECK_MS,
    );
    redis
      .ping()
      .then(
        () => {
          answered = true;
          clearTimeout(silent);
        },
        () => undefined,
      )
      .finally(() => {
        pinging = false;
      });
  }, HEALTH_CHECK_MS);
  health.unref();
  redis.on('end', () => clearInterval(health));
  return redis;
}
