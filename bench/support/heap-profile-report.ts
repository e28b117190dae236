// Reads a sampling heap profile (bench/support/heap-sampler.mjs) and prints where the bytes were
// allocated, per request: by source file, by function (self), and by the gateway's own functions
// with their callees. Frames in the server bundle are mapped back to the TypeScript through the
// bundle's source map, so the bundle `npm start` runs can be profiled and still read by file.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';

interface HeapNode {
  id: number;
  selfSize: number;
  children: HeapNode[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const maps = new Map<string, SourceMap | null>();
function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    const file = `${url.replace(/^file:\/\//, '')}.map`;
    maps.set(url, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  return maps.get(url) ?? null;
}

/** `function file:line`, the file shortened to its package or source folder. */
function place(frame: HeapNode['callFrame']): { fn: string; file: string; line: number } {
  let file = frame.url;
  let line = frame.lineNumber + 1;
  const map = file.endsWith('/dist/main.js') ? sourceMapOf(file) : null;
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry && 'originalSource' in entry) {
    file = resolve(dirname(file.replace(/^file:\/\//, '')), entry.originalSource);
    line = entry.originalLine + 1;
  }
  file = file
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\/(apps|packages)\//, '$1/')
    .replace(/^node:/, '');
  return { fn: frame.functionName || '(anon)', file: file || '(native)', line };
}

const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);

export function printHeapProfile(path: string, requests: number, rows = 30): number {
  const { head } = JSON.parse(readFileSync(path, 'utf8')) as { head: HeapNode };
  const byFile = new Map<string, number>();
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  // A builtin (Array.prototype.push, String.prototype.split…) has no file: its bytes count for
  // the function that called it.
  const walk = (node: HeapNode, stack: string[], caller?: ReturnType<typeof place>) => {
    const frame = place(node.callFrame);
    const p =
      frame.file === '(native)' && caller
        ? { ...caller, fn: `${frame.fn} in ${caller.fn}` }
        : frame;
    const own = /^(apps|packages)\//.test(frame.file);
    const here = own ? [...stack, `${frame.fn} ${frame.file}`] : stack;
    if (node.selfSize > 0) {
      total += node.selfSize;
      byFile.set(p.file, (byFile.get(p.file) ?? 0) + node.selfSize);
      const key = `${p.fn} ${p.file}:${p.line}`;
      self.set(key, (self.get(key) ?? 0) + node.selfSize);
      for (const f of new Set(here)) inclusive.set(f, (inclusive.get(f) ?? 0) + node.selfSize);
    }
    for (const c of node.children) walk(c, here, p);
  };
  walk(head, []);
  const perRequest = (bytes: number) => `${Math.round(bytes / requests)} B`.padStart(9);
  const share = (bytes: number) => `${((100 * bytes) / total).toFixed(1).padStart(5)}%`;
  console.log(`-- sampled allocations: ${perRequest(total).trim()} per request`);
  console.log('-- by file (self)');
  for (const [k, b] of top(byFile, rows)) console.log(`${perRequest(b)} ${share(b)}  ${k}`);
  console.log("-- the gateway's own functions, with what they call");
  for (const [k, b] of top(inclusive, rows)) console.log(`${perRequest(b)} ${share(b)}  ${k}`);
  console.log('-- by function (self)');
  for (const [k, b] of top(self, rows)) console.log(`${perRequest(b)} ${share(b)}  ${k}`);
  return total;
}
