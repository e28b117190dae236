// Preloaded into the gateway process by the soak bench (`--import`): answers the process's own
// memory on a side port, so a bench can follow the heap as well as the RSS /proc shows, without
// any hook in the server's code. GET / answers MiB figures; GET /gc collects first (the bench asks
// for it once, at the end, to tell live memory from garbage not yet collected); GET /spaces answers
// each V8 heap space's committed and used size. With
// MEMORY_PROBE_PEAK=1 the heap's used size is also read every 5 ms: GET /peak answers the largest
// since the last GET /peak (garbage not yet collected included), then starts again.
import { createServer } from 'node:http';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

const MiB = 2 ** 20;
const round = (bytes) => Math.round((bytes / MiB) * 10) / 10;

/** Each V8 heap space's committed and used size (GET /spaces). */
function spaces() {
  return Object.fromEntries(
    getHeapSpaceStatistics().map((s) => [
      s.space_name,
      { size_mib: round(s.space_size), used_mib: round(s.space_used_size) },
    ]),
  );
}

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

const NO_PEAK = { heap_used: 0, heap_total: 0, external: 0, rss: 0 };
let peak = { ...NO_PEAK };
function readPeak() {
  const h = getHeapStatistics();
  peak.heap_used = Math.max(peak.heap_used, h.used_heap_size);
  peak.heap_total = Math.max(peak.heap_total, h.total_heap_size);
  const m = process.memoryUsage();
  peak.external = Math.max(peak.external, m.external);
  peak.rss = Math.max(peak.rss, m.rss);
}
function takePeak() {
  readPeak();
  const out = {
    peak_heap_used_mib: round(peak.heap_used),
    peak_heap_total_mib: round(peak.heap_total),
    peak_external_mib: round(peak.external),
    peak_rss_mib: round(peak.rss),
  };
  peak = { ...NO_PEAK };
  return out;
}

// Worker threads inherit `--import`: only the main thread answers.
const port = Number(process.env.MEMORY_PROBE_PORT);
if (port && isMainThread) {
  if (process.env.MEMORY_PROBE_PEAK === '1') setInterval(readPeak, 5).unref();
  const server = createServer((req, res) => {
    if (req.url === '/gc') globalThis.gc?.();
    res.setHeader('content-type', 'application/json');
    const body = req.url === '/peak' ? takePeak() : req.url === '/spaces' ? spaces() : memory();
    res.end(JSON.stringify(body));
  });
  server.listen(port, '127.0.0.1');
  // The probe must not keep a draining gateway alive.
  server.unref();
}
