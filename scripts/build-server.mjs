#!/usr/bin/env node
// Bundles the server's TypeScript (apps/server and the @tokenwise/* packages) into one ES module,
// apps/server/dist/main.js, which `npm start` runs with plain Node: the tsx loader costs ~70 MB of
// resident memory at start (its hooks run on a thread of their own; docs/decisions/024). Installed
// packages stay outside the bundle and load as they would under tsx. Tests and `npm run dev` keep
// running the sources through tsx.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// An outfile as the first argument is for the build's own test.
const SERVER_BUNDLE = process.argv[2] ?? `${root}apps/server/dist/main.js`;

/**
 * Each module keeps its own `import.meta.url`: the server finds files beside its sources (the
 * dashboard build, the word-rank list, the CPU pool's worker entry) relative to them.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(b) {
    // Bare specifiers other than the workspace's own packages: left to Node at run time.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tokenwise/') ? undefined : { external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8'))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path))),
      loader: 'ts',
    }));
  },
};

await build({
  entryPoints: [`${root}apps/server/src/main.ts`],
  outfile: SERVER_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  tsconfig: `${root}tsconfig.json`,
  // Written beside the bundle for `node --enable-source-maps` when a stack trace must name the
  // TypeScript lines; not loaded by default (it costs ~20 MB resident).
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [keepModuleUrls],
});
