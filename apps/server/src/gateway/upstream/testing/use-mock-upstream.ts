import { beforeEach } from 'node:test';
import { type MockUpstream, startMockUpstream } from '../../../mock-upstream/server.ts';
import { useStarted } from '../../../testing/use-started.ts';
import { closeUpstreamPools } from '../client.ts';

/**
 * The mock provider for the enclosing describe's tests, emptied of queued behaviours before each
 * test. The upstream connection pools close with it, so no kept-alive socket holds the file open.
 */
export function useMockUpstream(): MockUpstream {
  const mock = useStarted(startMockUpstream, async (m) => {
    await closeUpstreamPools();
    await m.close();
  });
  beforeEach(() => mock.reset());
  return mock;
}
