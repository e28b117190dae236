// Preloaded into the gateway process by the gateway bench (`--import`): watches the process's own
// event loop with perf_hooks.monitorEventLoopDelay and reports it on a side port of its own, so the
// bench can read the longest block a scenario caused without any hook in the server's code.
// GET /reset starts a new window; GET / answers the window's figures in milliseconds.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

// Worker threads inherit `--import`: only the event loop's own thread is watched.
const port = Number(process.env.LOOP_PROBE_PORT);
if (port && isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  createServer((req, res) => {
    if (req.url === '/reset') histogram.reset();
    const figures = {
      max_ms: ms(histogram.max),
      p99_ms: ms(histogram.percentile(99)),
      mean_ms: ms(histogram.mean),
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(figures));
  })
    .listen(port, '127.0.0.1')
    .unref();
}
