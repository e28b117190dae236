// Preloaded into the gateway (`--import`) by bench/support/c1-timeline.ts: one request's timeline at
// concurrency 1, wall time and the process's CPU time at each step, with no hook in the server's
// code. Node's and undici's diagnostics channels mark the request's arrival (headers parsed), the
// upstream call's creation, its headers written, its answer's headers and end, and the response's
// finish; a build may add its own steps by calling `globalThis.__timelineMark?.(name)`.
// Between two steps, wall time well above CPU time is a wait (a timer, a yield, a round trip).
// GET /reset on TIMELINE_PROBE_PORT starts a new window; GET / answers, for each pair of
// consecutive steps, the median and p90 of wall and CPU µs over the window's requests.
// Only right at concurrency 1: the steps go to the one request in flight.
import { subscribe } from 'node:diagnostics_channel';
import { createServer, ServerResponse } from 'node:http';
import { isMainThread } from 'node:worker_threads';

const port = Number(process.env.TIMELINE_PROBE_PORT);
if (port && isMainThread) {
  /** The window's requests, each a list of [step, wall ms, cpu µs]. */
  let requests = [];
  let current;
  const mark = (step) => {
    if (!current) return;
    const cpu = process.cpuUsage();
    current.push([step, performance.now(), cpu.user + cpu.system]);
  };
  globalThis.__timelineMark = mark;
  subscribe('http.server.request.start', ({ request }) => {
    if (!request.url?.startsWith('/v1/chat/completions')) return;
    // The gap since the last response's finish: what the process did between two requests.
    if (current) mark('next request parsed');
    current = [];
    requests.push(current);
    mark('request parsed');
    request.once('end', () => mark('body read'));
  });
  subscribe('undici:request:create', () => mark('upstream request created'));
  subscribe('undici:client:sendHeaders', () => mark('upstream headers written'));
  subscribe('undici:request:bodySent', () => mark('upstream body sent'));
  subscribe('undici:request:headers', () => mark('upstream answer headers'));
  subscribe('undici:request:trailers', () => mark('upstream answer end'));
  subscribe('http.server.response.finish', () => mark('response finished'));
  // When the answer is handed to the socket, which 'finish' only reports once the write is done.
  const end = ServerResponse.prototype.end;
  ServerResponse.prototype.end = function (...args) {
    mark('response end called');
    const returned = end.apply(this, args);
    mark('response end returned');
    return returned;
  };

  const quantile = (sorted, q) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const report = () => {
    const pairs = new Map();
    for (const steps of requests.slice(0, -1)) {
      for (let i = 1; i < steps.length; i++) {
        const [from, t0, c0] = steps[i - 1];
        const [to, t1, c1] = steps[i];
        const key = `${from} → ${to}`;
        if (!pairs.has(key)) pairs.set(key, { order: i, wall: [], cpu: [] });
        const pair = pairs.get(key);
        pair.wall.push((t1 - t0) * 1000);
        pair.cpu.push(c1 - c0);
      }
    }
    const rows = [...pairs].map(([step, { order, wall, cpu }]) => {
      wall.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      return {
        step,
        order,
        count: wall.length,
        wall_p50_us: Math.round(quantile(wall, 0.5)),
        wall_p90_us: Math.round(quantile(wall, 0.9)),
        cpu_p50_us: Math.round(quantile(cpu, 0.5)),
        cpu_p90_us: Math.round(quantile(cpu, 0.9)),
      };
    });
    rows.sort((a, b) => a.order - b.order || b.count - a.count);
    return { requests: Math.max(0, requests.length - 1), rows };
  };
  createServer((req, res) => {
    const body = req.url === '/reset' ? {} : report();
    if (req.url === '/reset') {
      requests = [];
      current = undefined;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  })
    .listen(port, '127.0.0.1')
    .unref();
}
