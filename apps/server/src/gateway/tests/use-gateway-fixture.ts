import { useStarted } from '../../testing/use-started.ts';
import { type GatewayFixture, startGatewayFixture } from './gateway-fixture.ts';

/** The gateway fixture for the enclosing describe's tests: started before them, closed after them. */
export function useGatewayFixture(...args: Parameters<typeof startGatewayFixture>): GatewayFixture {
  return useStarted(
    () => startGatewayFixture(...args),
    (f) => f.close(),
  );
}
