import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  ALERTS_PER_ACCOUNT,
  API_KEYS_PER_ACCOUNT,
  PROVIDER_KEYS_PER_ACCOUNT,
} from '@tokenwise/contracts';
import { signUpSubscribed } from '../../testing/test-server.ts';
import { useTestServer } from '../../testing/use-test-server.ts';
import { alertForm } from '../alerts/alerts-testing.ts';

type Api = Awaited<ReturnType<typeof signUpSubscribed>>['api'];

const PARALLEL = 8;

/**
 * The per-account caps (API keys, provider keys, alerts) hold exactly when creates arrive at the
 * same moment. Before decision 146 each create counted, then inserted: on PostgreSQL (and for
 * provider keys and alerts on SQLite too, counted outside any transaction) creates in flight
 * together all saw room for the last one and passed the cap.
 */
describe('account caps under parallel creates', () => {
  const server = useTestServer();

  /** Fills to two under the cap one by one, then sends PARALLEL creates at once. */
  async function race(api: Api, cap: number, path: string, body: (i: number) => unknown) {
    for (let i = 0; i < cap - 2; i++) assert.equal((await api('POST', path, body(i))).status, 201);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => api('POST', path, body(cap + i))),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [201, 201, ...Array.from({ length: PARALLEL - 2 }, () => 409)]);
    const list = await api('GET', path);
    assert.equal(list.body.length, cap, 'the list holds exactly the cap');
  }

  test('API keys', async () => {
    const u = await signUpSubscribed(server);
    await race(u.api, API_KEYS_PER_ACCOUNT, '/v1/keys', (i) => ({ name: `key ${i}` }));
  });

  test('provider keys', async () => {
    const u = await signUpSubscribed(server);
    await race(u.api, PROVIDER_KEYS_PER_ACCOUNT, '/v1/provider-keys', (i) => ({
      provider: 'openai',
      api_key: `sk-test-${i}`,
    }));
  });

  test('alerts', async () => {
    const u = await signUpSubscribed(server);
    await race(u.api, ALERTS_PER_ACCOUNT, '/v1/alerts', (i) => alertForm({ name: `Alert ${i}` }));
  });
});
