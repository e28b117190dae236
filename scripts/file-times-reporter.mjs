// A node:test reporter that adds up the top-level tests' durations per file and writes them,
// slowest first, when the run ends: where a long CI run spends its time (`TEST_TIMES=FILE`).
import { sourceOfBundle } from './bundle-tests.mjs';

export default async function* fileTimes(source) {
  const byFile = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { data } = event;
    if (data.nesting !== 0 || !data.file) continue;
    const file = sourceOfBundle(data.file);
    byFile.set(file, (byFile.get(file) ?? 0) + (data.details?.duration_ms ?? 0));
  }
  const rows = [...byFile].sort((a, b) => b[1] - a[1]);
  for (const [file, ms] of rows) yield `${(ms / 1000).toFixed(1).padStart(8)} s  ${file}\n`;
}
