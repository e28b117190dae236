// Preloaded into the gateway process by the gateway bench and the event-loop test (`--import`):
// watches the process's own event loop and reports it on a side port of its own, so a scenario's
// longest block can be read without any hook in the server's code.
// GET /reset starts a new window; GET / answers the window's figures in milliseconds:
// - max_ms, p99_ms, mean_ms: perf_hooks.monitorEventLoopDelay, wall-clock. On a shared machine
//   these include every moment the OS gave the core to another process.
// - max_cpu_ms: the most CPU the loop's thread used between two ticks of a 10 ms timer, i.e. the
//   longest stretch of its own work (JavaScript, garbage collection, native calls) before it got
//   back to timers. Load from other processes does not inflate it.
// - max_unqueued_ms: the longest gap between two ticks less the time the thread spent waiting for
//   a core in that gap: its own work plus anything it slept on synchronously (a locked SQLite
//   file, a synchronous read). Both come from the kernel's per-thread schedstat (Linux); null
//   where that file does not exist.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const TICK_MS = 10;

/** The thread's time on a core and waiting for one, in ms, or null without /proc. */
function schedstat(file) {
  try {
    const [run, wait] = readFileSync(file, 'utf8').split(' ').map(Number);
    return { run: run / 1e6, wait: wait / 1e6 };
  } catch {
    return null;
  }
}

// Worker threads inherit `--import`: only the event loop's own thread is watched.
const port = Number(process.env.LOOP_PROBE_PORT);
if (port && isMainThread) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  // The main thread's task id is the process id.
  const statFile = `/proc/self/task/${process.pid}/schedstat`;
  let last = { at: performance.now(), stat: schedstat(statFile) };
  let maxCpu = 0;
  let maxUnqueued = 0;
  setInterval(() => {
    const now = { at: performance.now(), stat: schedstat(statFile) };
    if (now.stat && last.stat) {
      maxCpu = Math.max(maxCpu, now.stat.run - last.stat.run);
      const waited = now.stat.wait - last.stat.wait;
      // Less the timer's own period: an idle loop is not blocked while it waits for the tick.
      maxUnqueued = Math.max(maxUnqueued, now.at - last.at - waited - TICK_MS);
    }
    last = now;
  }, TICK_MS).unref();

  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const round = (n) => Math.round(n * 100) / 100;
  const hasStat = last.stat !== null;
  createServer((req, res) => {
    if (req.url === '/reset') {
      histogram.reset();
      maxCpu = 0;
      maxUnqueued = 0;
    }
    const figures = {
      max_ms: ms(histogram.max),
      p99_ms: ms(histogram.percentile(99)),
      mean_ms: ms(histogram.mean),
      max_cpu_ms: hasStat ? round(maxCpu) : null,
      max_unqueued_ms: hasStat ? round(Math.max(0, maxUnqueued)) : null,
    };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(figures));
  })
    .listen(port, '127.0.0.1')
    .unref();
}
