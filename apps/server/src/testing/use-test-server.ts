import { startTestServer, type TestServer } from './test-server.ts';
import { useStarted } from './use-started.ts';

/** A test server for the enclosing describe's tests: started before them, closed after them. */
export function useTestServer(opts?: Parameters<typeof startTestServer>[0]): TestServer {
  return useStarted(
    () => startTestServer(opts),
    (server) => server.close(),
  );
}
