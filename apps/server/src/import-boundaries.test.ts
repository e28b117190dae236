import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';

// Reads the source as text and checks which way imports point (see apps/server/README.md):
//   features/<x> → domain, plugins, lib, errors, config, deps.ts; never another feature or gateway/
//   gateway/     → domain, plugins, lib, errors, config, deps.ts; never features/
//   domain/      → lib, errors, config, deps.ts; never features/, gateway/, plugins/ or app.ts
//   lib/, errors/, config/ → each other only
//   packages/*   → never apps/*
// Test code is exempt: *.test.ts files and helper folders named `testing/` or `tests/` may reach
// across (a gateway test may sign up through the dashboard's API keys), since nothing in the
// running server imports them.

const root = resolve(import.meta.dirname, '../../..');
const serverSrc = join(root, 'apps/server/src');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourceFiles(full, out);
    } else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const isTestCode = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.split(sep).some((p) => p === 'testing' || p === 'tests');

/** Every module specifier a file names (static and dynamic imports, re-exports), and whether the
 * import is types only (erased when the code runs, so it cannot make a load-order cycle). */
function specifiers(text: string): { spec: string; typeOnly: boolean }[] {
  const found: { spec: string; typeOnly: boolean }[] = [];
  const statements = /^(?:import|export)\s+(type\s+)?([^;]*?)\bfrom\s*['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statements)) {
    const names = m[2] ?? '';
    const allTypes =
      /^\{[\s\S]*\}\s*$/.test(names.trim()) &&
      names
        .replace(/[{}]/g, '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    found.push({ spec: m[3] as string, typeOnly: m[1] !== undefined || allTypes });
  }
  for (const m of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm)) {
    found.push({ spec: (m[1] ?? m[2]) as string, typeOnly: false });
  }
  return found;
}

interface Edge {
  from: string;
  to: string;
  spec: string;
  typeOnly: boolean;
}

/** Relative imports between server files, test code left out. */
function serverEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(serverSrc)) {
    if (isTestCode(file)) continue;
    for (const { spec, typeOnly } of specifiers(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const to = resolve(dirname(file), spec);
      if (isTestCode(to)) continue;
      edges.push({ from: file, to, spec, typeOnly });
    }
  }
  return edges;
}

/** `features/<name>` for a feature, the first folder otherwise, the file name at the top level. */
function areaOf(file: string): string {
  const parts = relative(serverSrc, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0] as string;
}

const BELOW_ALL = ['lib', 'errors', 'config'];

/** Why an import from area `a` into area `b` is forbidden, or undefined when it is allowed. */
function forbidden(a: string, b: string): string | undefined {
  if (a === b) return undefined;
  const aFeature = a.startsWith('features/');
  const bFeature = b.startsWith('features/');
  if (aFeature && bFeature)
    return 'features do not import each other: move the shared part to domain/';
  if (aFeature && b === 'gateway')
    return 'features do not import the gateway: go through domain/ or take it from app.ts';
  if (a === 'gateway' && bFeature)
    return 'the gateway does not import features: move the shared part to domain/';
  if (
    a === 'domain' &&
    (bFeature || ['gateway', 'plugins', 'app.ts', 'bootstrap.ts', 'main.ts'].includes(b))
  )
    return 'domain/ sits below features, gateway and plugins';
  if (BELOW_ALL.includes(a) && !BELOW_ALL.includes(b))
    return `${a}/ imports only lib, errors and config`;
  return undefined;
}

const rel = (file: string) => relative(root, file);

test('server imports point down: features ↛ features, features ↛ gateway, gateway ↛ features, domain ↛ up', () => {
  const broken = serverEdges()
    .map((e) => ({ e, why: forbidden(areaOf(e.from), areaOf(e.to)) }))
    .filter((x) => x.why !== undefined)
    .map(({ e, why }) => `${rel(e.from)} imports '${e.spec}': ${why}`);
  assert.deepEqual(broken, []);
});

test('packages never import the apps', () => {
  const broken: string[] = [];
  for (const file of sourceFiles(join(root, 'packages'))) {
    for (const { spec } of specifiers(readFileSync(file, 'utf8'))) {
      const target = spec.startsWith('.') ? rel(resolve(dirname(file), spec)) : spec;
      if (target.startsWith('apps/') || /^@tokenwise\/(server|web)\b/.test(target)) {
        broken.push(`${rel(file)} imports '${spec}': packages sit below the apps`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

/** One cycle in the graph, as the nodes that make it up, or undefined. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

function graphOf(pairs: [string, string][]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [a, b] of pairs) {
    if (a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)?.add(b);
  }
  return graph;
}

// Between files, only imports that run count: a stage and the request context naming each other's
// types is fine, two modules needing each other loaded first is not.
test('no runtime import cycle between server files', () => {
  const runtime = serverEdges().filter((e) => !e.typeOnly);
  const cycle = findCycle(graphOf(runtime.map((e) => [rel(e.from), rel(e.to)])));
  assert.equal(cycle?.join(' → '), undefined);
});

// Between folders, type imports count too. The top-level files (app.ts, deps.ts, …) are not
// folders: deps.ts is the shared type domain/ and features both name, app.ts wires everything.
test('no import cycle between server folders', () => {
  const folders = serverEdges()
    .map((e) => [areaOf(e.from), areaOf(e.to)] as [string, string])
    .filter(([a, b]) => !a.endsWith('.ts') && !b.endsWith('.ts'));
  const cycle = findCycle(graphOf(folders));
  assert.equal(cycle?.join(' → '), undefined);
});

// Inside the gateway, type imports count too: two files that name each other's types are one job
// split in two, or a type kept in the wrong file (a shared type goes down, e.g. into types.ts).
test('no import cycle between gateway files, type imports included', () => {
  const gateway = join(serverSrc, 'gateway') + sep;
  const edges = serverEdges().filter((e) => e.from.startsWith(gateway) && e.to.startsWith(gateway));
  const cycle = findCycle(graphOf(edges.map((e) => [rel(e.from), rel(e.to)])));
  assert.equal(cycle?.join(' → '), undefined);
});
