#!/usr/bin/env node
// `npm run bench`: runs every bench/*.bench.ts in its own process, one after another (they measure
// latency, so they must not share the two cores), each writing bench/results/<name>.json.
// Long runs (the 30-minute soak) run only when named: `npm run bench -- soak`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const dir = new URL('.', import.meta.url).pathname;
const only = process.argv.slice(2);
const NAMED_ONLY = ['soak.bench.ts'];
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const files = all.filter((f) =>
  only.length === 0 ? !NAMED_ONLY.includes(f) : only.some((o) => f.includes(o)),
);
// A misspelt name would otherwise run nothing and succeed.
const unmatched = only.filter((o) => !all.some((f) => f.includes(o)));
if (unmatched.length) {
  const names = all.map((f) => f.replace('.bench.ts', '')).join(', ');
  console.error(`No bench matches "${unmatched.join('", "')}". Benches: ${names}`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], { stdio: 'inherit' });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
