import { after, before } from 'node:test';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Starts a test server before the enclosing describe's tests and closes it after them. The answer
 * stands in for that server from the first test on, so test bodies use it as they would a
 * `TestServer` (`server.deps`, `signUp(server)`) without each file repeating the before/after pair.
 */
export function useTestServer(opts?: Parameters<typeof startTestServer>[0]): TestServer {
  let started: TestServer | undefined;
  before(async () => {
    started = await startTestServer(opts);
  });
  after(() => started?.close());
  const current = (): TestServer => {
    if (!started)
      throw new Error('useTestServer: the server starts in before(); use it inside a test');
    return started;
  };
  return new Proxy({} as TestServer, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
  });
}
