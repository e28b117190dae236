// Preloaded into the gateway process by the soak bench (`--import`): answers the process's own
// memory on a side port, so a bench can follow the heap as well as the RSS /proc shows, without
// any hook in the server's code. GET / answers MiB figures; GET /gc collects first (the bench asks
// for it once, at the end, to tell live memory from garbage not yet collected).
import { createServer } from 'node:http';
import { getHeapStatistics } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

const MiB = 2 ** 20;
const round = (bytes) => Math.round((bytes / MiB) * 10) / 10;

function memory() {
  const m = process.memoryUsage();
  return {
    rss_mib: round(m.rss),
    heap_used_mib: round(m.heapUsed),
    heap_total_mib: round(m.heapTotal),
    external_mib: round(m.external),
    array_buffers_mib: round(m.arrayBuffers),
    heap_limit_mib: round(getHeapStatistics().heap_size_limit),
  };
}

// Worker threads inherit `--import`: only the main thread answers.
const port = Number(process.env.MEMORY_PROBE_PORT);
if (port && isMainThread) {
  const server = createServer((req, res) => {
    if (req.url === '/gc') globalThis.gc?.();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(memory()));
  });
  server.listen(port, '127.0.0.1');
  // The probe must not keep a draining gateway alive.
  server.unref();
}
