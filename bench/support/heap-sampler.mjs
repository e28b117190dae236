// Preloaded into the gateway by `profile-gateway.ts … heap` (`--import`): counts what the main
// thread allocates between GET /start and GET /stop on a side port, two ways.
// - Bytes allocated, exactly: v8.GCProfiler reports the heap's used size before and after every
//   collection, so what was allocated is the sum of (used before a collection − used after the
//   one before it), plus the growth since the last one. Every space counts (new, old, large
//   objects); array buffers' backing stores, outside the heap, do not.
// - Where, by sampling: V8's sampling heap profiler, keeping the samples of objects the collector
//   has since freed (by default it reports only survivors, which says nothing about garbage).
//   /stop writes that profile to HEAP_SAMPLER_OUT.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

const port = Number(process.env.HEAP_SAMPLER_PORT);
const interval = Number(process.env.HEAP_SAMPLER_INTERVAL ?? 16_384);

async function start(state) {
  state.session = new Session();
  state.session.connect();
  await state.session.post('HeapProfiler.enable');
  await state.session.post('HeapProfiler.startSampling', {
    samplingInterval: interval,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  state.gc = new GCProfiler();
  state.gc.start();
  state.usedAtStart = getHeapStatistics().used_heap_size;
}

async function stop(state) {
  const usedAtEnd = getHeapStatistics().used_heap_size;
  const gcs = state.gc.stop()?.statistics ?? [];
  const { profile } = await state.session.post('HeapProfiler.stopSampling');
  state.session.disconnect();
  let allocated = 0;
  let after = state.usedAtStart;
  for (const g of gcs) {
    allocated += g.beforeGC.heapStatistics.usedHeapSize - after;
    after = g.afterGC.heapStatistics.usedHeapSize;
  }
  allocated += usedAtEnd - after;
  if (process.env.HEAP_SAMPLER_OUT)
    writeFileSync(process.env.HEAP_SAMPLER_OUT, JSON.stringify(profile));
  const gcMs = gcs.reduce((s, g) => s + g.cost, 0) / 1000;
  return { allocated_bytes: allocated, collections: gcs.length, gc_ms: Math.round(gcMs) };
}

// Worker threads inherit `--import`: only the main thread answers.
if (port && isMainThread) {
  const state = {};
  const server = createServer((req, res) => {
    const step = req.url === '/start' ? start(state) : stop(state);
    step.then(
      (out) => res.end(JSON.stringify(out ?? {})),
      (err) => {
        res.statusCode = 500;
        res.end(String(err));
      },
    );
  });
  server.listen(port, '127.0.0.1');
  server.unref();
}
