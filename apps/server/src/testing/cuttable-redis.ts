import { randomUUID } from 'node:crypto';
import { type GatewayFixture, startGatewayFixture } from '../gateway/tests/gateway-fixture.ts';
import { REDIS_PORT } from './redis-available.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

export interface GatewayWithCuttableRedis {
  /** Cut, stall or restore it to take Redis away from the server and give it back. */
  proxy: TcpProxy;
  f: GatewayFixture;
  close(): Promise<void>;
}

/**
 * A gateway fixture whose Redis connection runs through a proxy the test controls, under a key
 * prefix of its own (Redis is shared by every test on the machine). `cutBeforeStart`: the server
 * starts while Redis is down.
 */
export async function startGatewayWithCuttableRedis(
  env: Record<string, string> = {},
  { cutBeforeStart = false } = {},
): Promise<GatewayWithCuttableRedis> {
  const proxy = await startTcpProxy(REDIS_PORT);
  if (cutBeforeStart) await proxy.cut();
  const f = await startGatewayFixture({
    REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    REDIS_KEY_PREFIX: `tw-test:${randomUUID()}:`,
    ...env,
  });
  return {
    proxy,
    f,
    async close() {
      await proxy.restore();
      await f.close();
      await proxy.close();
    },
  };
}
