// The comparison point for gateway overhead: the least a Node proxy can do (undici pool, pipe the
// body both ways, no parsing). Run as its own process: PORT and TARGET from the environment.
import { createServer } from 'node:http';
import { Pool } from 'undici';

const target = new URL(process.env.TARGET ?? 'http://127.0.0.1:9999');
const pool = new Pool(target.origin, { connections: 128, pipelining: 1 });

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const upstream = await pool.request({
      method: req.method as 'POST',
      path: `${target.pathname.replace(/\/$/, '')}${req.url}`,
      headers: {
        'content-type': 'application/json',
        authorization: req.headers.authorization ?? '',
      },
      body: Buffer.concat(chunks),
    });
    res.writeHead(upstream.statusCode, {
      'content-type': String(upstream.headers['content-type'] ?? 'application/json'),
    });
    for await (const chunk of upstream.body) res.write(chunk);
    res.end();
  } catch (err) {
    res.writeHead(502).end(String(err));
  }
});
server.listen(Number(process.env.PORT ?? 9998), '127.0.0.1', () => console.log('ready'));
