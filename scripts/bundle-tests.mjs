// Bundles test files for `npm test` (scripts/run-tests.mjs) so that each test process loads its
// TypeScript as a few plain ES modules instead of through tsx's loader hooks. Under tsx every
// module a test imports, installed packages included, makes a round trip to the loader's thread:
// importing the gateway's test fixture cost ~4.3 s of CPU per process, and the suite starts ~320
// of them. Bundled, the same file runs in about half the CPU (docs/decisions/128).
//
// One esbuild call bundles every file with shared chunks (about a second). Modules keep their own
// `import.meta.url` (scripts/keep-module-urls.mjs), names are kept (a test may read `err.name` or
// a class's name), and source maps let a failure's stack name the TypeScript line.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { keepModuleUrls } from './keep-module-urls.mjs';

/**
 * Bundles `files` (paths relative to `root`) into a new directory under `root`/.test-bundles and
 * returns each file's bundle path with a `remove()` for the directory. The directory sits inside
 * the checkout so that Node resolves installed packages from the bundles as from the sources.
 */
export async function bundleTests(root, files) {
  const parent = join(root, '.test-bundles');
  mkdirSync(parent, { recursive: true });
  const outdir = mkdtempSync(join(parent, 'run-'));
  await build({
    entryPoints: files.map((f) => join(root, f)),
    outdir,
    outbase: root,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    keepNames: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: join(root, 'tsconfig.json'),
    // The web app's tsconfig compiles JSX with React's automatic runtime; the root one says nothing.
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [keepModuleUrls],
  });
  return {
    outdir,
    bundleOf: (file) => join(outdir, file.replace(/\.ts$/, '.mjs')),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

/** The source file a bundle path was built from (for reports that name files). */
export function sourceOfBundle(path) {
  return path.replace(/\/\.test-bundles\/run-[^/]+\//, '/').replace(/\.mjs$/, '.ts');
}
