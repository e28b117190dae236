import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { openSse } from './sse-response.ts';

test('events written in one turn leave in one socket write, in order, and end() sends what is held', async () => {
  const app = Fastify();
  let writes = 0;
  app.get('/events', async (_req, reply) => {
    const sse = openSse(reply, { 'x-request-id': 'r1' }, 60_000);
    const write = reply.raw.write.bind(reply.raw);
    reply.raw.write = ((...args: Parameters<typeof write>) => {
      writes++;
      return write(...args);
    }) as typeof reply.raw.write;
    sse.write('data: 1\n\n');
    sse.write('data: 2\n\n');
    await new Promise((resolve) => setImmediate(resolve));
    sse.write('data: 3\n\n');
    sse.write('data: 4\n\n');
    // Ended in the same turn as the last writes: nothing may be lost to the pending flush.
    sse.end();
    return reply;
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const res = await fetch(`${url}/events`);
    assert.equal(res.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(res.headers.get('x-request-id'), 'r1');
    assert.equal(await res.text(), 'data: 1\n\ndata: 2\n\ndata: 3\n\ndata: 4\n\n');
    assert.equal(writes, 2);
  } finally {
    await app.close();
  }
});

test('send() writes what is held with its own events at once, in one write, before the turn ends', async () => {
  const app = Fastify();
  const writesBySend: number[] = [];
  app.get('/events', async (_req, reply) => {
    const sse = openSse(reply, {}, 60_000);
    let writes = 0;
    const write = reply.raw.write.bind(reply.raw);
    reply.raw.write = ((...args: Parameters<typeof write>) => {
      writes++;
      return write(...args);
    }) as typeof reply.raw.write;
    sse.write('data: opening\n\n');
    assert.equal(sse.send('data: 1\n\n'), undefined);
    writesBySend.push(writes);
    sse.send('data: 2\n\n');
    writesBySend.push(writes);
    // Nothing held: no write.
    sse.send('');
    writesBySend.push(writes);
    await new Promise((resolve) => setImmediate(resolve));
    writesBySend.push(writes);
    sse.end();
    return reply;
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const res = await fetch(`${url}/events`);
    assert.equal(await res.text(), 'data: opening\n\ndata: 1\n\ndata: 2\n\n');
    assert.deepEqual(writesBySend, [1, 2, 2, 2]);
  } finally {
    await app.close();
  }
});
