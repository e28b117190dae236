import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import pino from 'pino';
import { REDIS_PORT, redisListening } from '../testing/redis-available.ts';
import { waitFor } from '../testing/wait-for.ts';
import { type BusRelay, createRedisBus } from './invalidation-bus.ts';

const redisUp = await redisListening();

test('a relay read that may have missed messages makes the instance resync', {
  skip: !redisUp && `needs Redis at 127.0.0.1:${REDIS_PORT}`,
}, async () => {
  let missed = false;
  const relay: BusRelay = {
    async put() {},
    async take() {
      return { messages: [], missed };
    },
  };
  const bus = createRedisBus(`redis://127.0.0.1:${REDIS_PORT}`, pino({ level: 'silent' }), {
    prefix: `tw-test:${randomUUID()}:`,
    relay,
  });
  try {
    let resyncs = 0;
    bus.onResync(() => {
      resyncs += 1;
    });
    await waitFor('the bus to listen', () => bus.listening());
    const heard = resyncs;
    missed = true;
    await waitFor('a resync', () => resyncs > heard);
  } finally {
    await bus.close();
  }
});
