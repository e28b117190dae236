import { randomUUID } from 'node:crypto';
import { after, before } from 'node:test';
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

/**
 * One such gateway for the enclosing `describe`: started before its tests, closed after. Read
 * `proxy` and `f` inside the tests (they are set once the server has started).
 */
export function useGatewayWithCuttableRedis(
  env: Record<string, string> = {},
): GatewayWithCuttableRedis {
  let started: GatewayWithCuttableRedis | undefined;
  before(async () => {
    started = await startGatewayWithCuttableRedis(env);
  });
  after(() => started?.close());
  const get = () => {
    if (!started) throw new Error('the gateway with a cuttable Redis has not started');
    return started;
  };
  return {
    get proxy() {
      return get().proxy;
    },
    get f() {
      return get().f;
    },
    close: () => get().close(),
  };
}
