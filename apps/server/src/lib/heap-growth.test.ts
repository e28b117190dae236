import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

// A process of its own: a V8 flag holds for the whole process. It keeps ~50 MiB live and then
// makes garbage that lives long enough to reach the old generation (a ring of 100,000 objects
// replaced one by one), as a gateway under load does with its requests' objects.
const CHURN = `
  import { getHeapStatistics } from 'node:v8';
  import { limitHeapGrowth } from './apps/server/src/lib/heap-growth.ts';
  limitHeapGrowth(Number(process.argv[1]));
  const live = Array.from({ length: 600_000 }, (_, i) => ({ i, s: 'live ' + i }));
  const ring = new Array(100_000);
  let peak = 0;
  for (let i = 0; i < 3_000_000; i++) {
    ring[i % ring.length] = { i, s: 'garbage ' + i, a: [i, i, i] };
    if (i % 1000 === 0) peak = Math.max(peak, getHeapStatistics().total_heap_size);
  }
  globalThis.gc();
  console.log(JSON.stringify({ live: getHeapStatistics().used_heap_size, peak, kept: live.length }));
`;

function churn(percent: number): { liveMiB: number; peakMiB: number } {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', CHURN, String(percent)],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  const { live, peak } = JSON.parse(run.stdout) as { live: number; peak: number };
  return { liveMiB: live / 2 ** 20, peakMiB: peak / 2 ** 20 };
}

test('the heap grows no more than the set share above live data while garbage arrives; 0 leaves it to V8', () => {
  const { liveMiB, peakMiB } = churn(25);
  // The young generation (two 16 MiB semi-spaces and its large objects) and V8's minimum step
  // come on top of the old generation's limit. Left to itself, V8 grew this heap to ~320 MiB
  // (6.5× the live data) on the machine this was written on; with 25%, to ~135 MiB.
  const bound = liveMiB * 1.25 + 96;
  assert.ok(
    peakMiB <= bound,
    `heap reached ${peakMiB.toFixed(0)} MiB over ${liveMiB.toFixed(0)} MiB live (bound ${bound.toFixed(0)})`,
  );
  const v8Choice = churn(0);
  assert.ok(
    v8Choice.peakMiB > bound,
    `V8's own choice reached ${v8Choice.peakMiB.toFixed(0)} MiB, within the bound set for 25%`,
  );
});
