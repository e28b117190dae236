import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../errors/app-error.ts';
import { createMemoryCounterStore } from '../../lib/counter-store.ts';
import { LOGIN_STARTS_PER_ADDRESS, limitLoginStarts } from './login-start-limit.ts';

async function startsAllowed(share: number, ip: string): Promise<number> {
  const counters = { ...createMemoryCounterStore(), share: () => share, degraded: () => share < 1 };
  for (let n = 1; n <= LOGIN_STARTS_PER_ADDRESS + 1; n += 1) {
    try {
      await limitLoginStarts(counters, ip);
    } catch (err) {
      assert.ok(err instanceof AppError && err.statusCode === 429, String(err));
      return n - 1;
    }
  }
  return LOGIN_STARTS_PER_ADDRESS + 1;
}

describe('SSO login starts per address', () => {
  it('allows the limit and refuses the next one', async () => {
    assert.equal(await startsAllowed(1, '203.0.113.7'), LOGIN_STARTS_PER_ADDRESS);
  });

  it("spends only this instance's share of the limit while Redis is lost", async () => {
    // Every other dashboard limit did (decision 136); SSO starts counted the whole limit locally,
    // so N instances together allowed N times it.
    assert.equal(await startsAllowed(0.5, '2001:db8::1'), LOGIN_STARTS_PER_ADDRESS / 2);
  });
});
