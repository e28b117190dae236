// Instructions a request before the upstream call, every stage on, a cache miss (decision 216):
// bundles `<root>/bench/support/pre-upstream.ts` (esbuild, keep-module-urls, into the root's
// node_modules/.cache so its packages resolve), runs it under `valgrind --tool=callgrind
// --instr-atstart=no` with `node --single-threaded`, switches counting on for its N requests only
// and prints the main thread's instructions per request with the outcome digest. Load-independent,
// unlike CPU time; compare roots (a base `git archive` and this tree) measured the same way.
// SPLIT=1 also prints what each step adds (windows of requests cut after each step).
//   node --import tsx bench/support/pre-upstream-instructions.ts <N> [warm=300] <root>...
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'esbuild';
import { keepModuleUrls } from '../../scripts/keep-module-urls.mjs';

/** The steps pre-upstream.ts cuts a request after (SPLIT=1), as it names them. */
const STEPS = ['parse', 'target', 'pii', 'lookup', 'compress', 'route and body'];

const [nArg = '200', warmArg = '300', ...rootArgs] = process.argv.slice(2);
const split = process.env.SPLIT === '1';
const roots = rootArgs.length ? rootArgs.map((r) => resolve(r)) : [process.cwd()];

async function bundle(root: string): Promise<string> {
  const dir = join(root, 'node_modules', '.cache');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'pre-upstream.mjs');
  await build({
    entryPoints: [join(root, 'bench/support/pre-upstream.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
    plugins: [keepModuleUrls],
  });
  return outfile;
}

/**
 * The main thread's instructions in the `part`-th dump asked for (`cg.<pid>.<part>-01`; the one
 * written at exit holds only what ran after counting was switched off): all of them, and those
 * outside V8's compilers. With `--single-threaded` the optimizing compiler runs on the main
 * thread, and it was still compiling (123 functions in 1,500 requests after 1,200, decision 216);
 * in the gateway it runs on a thread of its own.
 */
function mainThreadInstructions(
  dir: string,
  pid: number,
  part: number,
): { all: number; run: number } {
  const dump = readdirSync(dir).find((file) => file === `cg.${pid}.${part}-01`);
  if (!dump) throw new Error(`no dump of ${pid} in ${dir}`);
  const all = Number(/^totals: (\d+)/m.exec(readFileSync(join(dir, dump), 'utf8'))?.[1] ?? 0);
  const byFunction = execFileSync(
    'callgrind_annotate',
    ['--inclusive=no', '--threshold=100', join(dir, dump)],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  let compiling = 0;
  for (const line of byFunction.split('\n')) {
    const row = /^\s*([\d,]+) \([^)]*\)\s+\S*?:(.*)$/.exec(line);
    if (row && COMPILER.test(row[2] ?? '')) compiling += Number(row[1]?.replaceAll(',', ''));
  }
  return { all, run: all - compiling };
}

/** V8's parser, bytecode generator and optimizing compilers, by their C++ names. */
const COMPILER =
  /v8::internal::(?:compiler::|maglev::|turboshaft::|Parser|Scanner|interpreter::Bytecode|Compiler::|OptimizingCompile|PipelineImpl|CodeGenerator)/;

async function measure(root: string): Promise<void> {
  const entry = await bundle(root);
  const dir = join(tmpdir(), `pre-upstream-cg-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  const gate = join(dir, 'gate');
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      '--smc-check=all-non-file',
      `--callgrind-out-file=${dir}/cg.%p`,
      'node',
      '--single-threaded',
      '--expose-gc',
      entry,
      nArg,
      warmArg,
    ],
    {
      cwd: root,
      env: { ...process.env, GATE: gate, PASSWORD_HASH_COST: '10' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d) => {
    out += String(d);
  });
  const control = (arg: string) =>
    execFileSync('callgrind_control', [arg, String(child.pid)], { stdio: 'ignore' });
  const windows = split ? ['', ...STEPS.slice(0, -1).map((_, i) => String(i + 1))] : [''];
  for (const w of windows) {
    while (!out.includes(`${gate}.go${w}\n`)) await sleep(200);
    control('--instr=on');
    writeFileSync(`${gate}.go${w}`, '');
    while (!out.includes(`${gate}.stop${w}\n`)) await sleep(200);
    control('--dump');
    control('--instr=off');
    writeFileSync(`${gate}.stop${w}`, '');
  }
  await new Promise((done) => child.on('exit', done));
  const counts = windows.map((_, k) => mainThreadInstructions(dir, child.pid as number, k + 1));
  const perRequest = (n: number) => Math.round(n / Number(nArg)).toLocaleString('en');
  const digest = /digest (\w+)/.exec(out)?.[1];
  const [whole] = counts;
  console.log(
    `${root}: ${perRequest(whole?.all ?? 0)} instructions a request on the main thread, ${perRequest(whole?.run ?? 0)} outside the compilers (${nArg} requests), digest ${digest}`,
  );
  if (split) {
    // Window k ran up to step k; the first window ran them all.
    const upTo = [undefined, ...counts.slice(1), whole];
    STEPS.forEach((step, i) => {
      const added = (key: 'all' | 'run') => (upTo[i + 1]?.[key] ?? 0) - (upTo[i]?.[key] ?? 0);
      console.log(
        `  ${step.padEnd(16)} ${perRequest(added('all')).padStart(10)} ${perRequest(added('run')).padStart(10)}`,
      );
    });
  }
  if (!process.env.KEEP_DUMPS) rmSync(dir, { recursive: true, force: true });
  else console.log(`dumps kept in ${dir}`);
}

for (const root of roots) await measure(root);
