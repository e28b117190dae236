// Self and total time per request of two builds, from profiles kept by profile-gateway.ts
// (PROFILE_KEEP). Shares move with everything else a run does; µs per request of each function,
// median over alternated runs, is what locates a regression between two commits.
// `node --import tsx bench/support/compare-profiles.ts a1.cpuprofile a2.cpuprofile -- b1.cpuprofile b2.cpuprofile`
// (ROWS=n rows per table, default 40)
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface Run {
  self: Map<string, number>;
  total: Map<string, number>;
  area: Map<string, number>;
  all: number;
}

const where = (url: string) =>
  url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|packages)\/([^/]+)\/src\//, '$2/');

/** µs per request, by function (self and total) and by package, in the measured load only. */
function readRun(path: string): Run {
  const { requests, loadSeconds } = JSON.parse(readFileSync(`${path}.json`, 'utf8')) as {
    requests: number;
    loadSeconds: number;
  };
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  let end = 0;
  for (const d of profile.timeDeltas) end += d;
  // The same window as profile-gateway.ts: the load, without startup and shutdown.
  end -= 300_000;
  const start = end - loadSeconds * 1e6;
  const run: Run = { self: new Map(), total: new Map(), area: new Map(), all: 0 };
  const add = (m: Map<string, number>, k: string, us: number) =>
    m.set(k, (m.get(k) ?? 0) + us / requests);
  let at = 0;
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (at < start || at > end) return;
    const f = byId.get(id)?.callFrame;
    if (!f) return;
    run.all += us / requests;
    const file = where(f.url);
    add(run.self, `${f.functionName || '(anon)'} ${file}`, us);
    add(run.area, /^(@[^/]+\/)?[^/]+/.exec(file)?.[0] || f.functionName, us);
    const onStack = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const frame = byId.get(n)?.callFrame;
      if (frame?.functionName && /\/(apps|packages)\/[^/]+\/src\//.test(frame.url)) {
        onStack.add(`${frame.functionName} ${where(frame.url)}`);
      }
    }
    for (const k of onStack) add(run.total, k, us);
  });
  return run;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const split = process.argv.indexOf('--');
const a = process.argv.slice(2, split).map(readRun);
const b = process.argv.slice(split + 1).map(readRun);
const rows = Number(process.env.ROWS ?? 40);
const fmt = (n: number) => Math.round(n).toString().padStart(6);

function table(title: string, pick: (r: Run) => Map<string, number>) {
  const keys = new Set([...a, ...b].flatMap((r) => [...pick(r).keys()]));
  const lines = [...keys].map((k) => {
    const ma = median(a.map((r) => pick(r).get(k) ?? 0));
    const mb = median(b.map((r) => pick(r).get(k) ?? 0));
    return { k, ma, mb };
  });
  console.log(`-- ${title}: µs per request, median A, median B, B - A (largest first)`);
  for (const { k, ma, mb } of lines
    .sort((x, y) => Math.max(y.ma, y.mb) - Math.max(x.ma, x.mb))
    .slice(0, rows)) {
    console.log(`${fmt(ma)} ${fmt(mb)} ${fmt(mb - ma)}  ${k}`);
  }
  console.log(`-- ${title}: largest changes`);
  for (const { k, ma, mb } of lines
    .sort((x, y) => Math.abs(y.mb - y.ma) - Math.abs(x.mb - x.ma))
    .slice(0, Math.ceil(rows / 2))) {
    console.log(`${fmt(ma)} ${fmt(mb)} ${fmt(mb - ma)}  ${k}`);
  }
}

console.log(
  `main thread, µs per request: A ${a.map((r) => Math.round(r.all)).join(', ')}; B ${b.map((r) => Math.round(r.all)).join(', ')}`,
);
table('by package / source folder', (r) => r.area);
table('total (self and callees) of own functions', (r) => r.total);
table('self by function', (r) => r.self);
