import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { waitFor } from '../testing/wait-for.ts';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin-proxy.ts';

/** A stand-in instance: answers its name, streams two parts, and is ready while `ready` says so. */
function instance(name: string, state: { ready: boolean }): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === '/readyz') {
      res.writeHead(state.ready ? 200 : 503).end();
    } else if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${name} first\n\n`);
      setImmediate(() => res.end(`data: ${name} last\n\n`));
    } else {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => res.end(`${name} ${req.headers['x-forwarded-for']} ${body}`));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (s: Server) => {
  const a = s.address();
  return typeof a === 'object' && a ? a.port : 0;
};

describe('the start:cluster round-robin proxy', () => {
  const first = { ready: true };
  const second = { ready: true };
  let servers: Server[];
  let proxy: RoundRobinProxy;
  let url: string;
  before(async () => {
    servers = await Promise.all([instance('one', first), instance('two', second)]);
    proxy = startRoundRobinProxy(servers.map((s) => ({ host: '127.0.0.1', port: portOf(s) })));
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${portOf(proxy.server)}`;
    await waitFor('both instances ready', () => proxy.ready().length === 2);
  });
  after(async () => {
    await proxy.close();
    for (const s of servers) await new Promise((resolve) => s.close(resolve));
  });

  const send = async (path = '/x', body = 'hello') =>
    (await fetch(url + path, { method: 'POST', body })).text();

  test('alternates between ready instances, passing the body and the client address', async () => {
    const answers = [await send(), await send(), await send(), await send()];
    assert.deepEqual(answers.map((a) => a.split(' ')[0]).sort(), ['one', 'one', 'two', 'two']);
    assert.match(answers[0] ?? '', /^(one|two) 127\.0\.0\.1 hello$/);
  });

  test('streams pass through whole', async () => {
    const text = await (await fetch(`${url}/stream`)).text();
    assert.match(text, /^data: (one|two) first\n\ndata: \1 last\n\n$/);
  });

  test('an instance that is not ready (draining) gets no traffic until it is again', async () => {
    second.ready = false;
    await waitFor('the proxy to drop it', () => proxy.ready().length === 1);
    const answers = [await send(), await send(), await send()];
    assert.deepEqual(
      answers.map((a) => a.split(' ')[0]),
      ['one', 'one', 'one'],
    );
    second.ready = true;
    await waitFor('the proxy to take it back', () => proxy.ready().length === 2);
  });
});
