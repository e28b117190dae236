#!/usr/bin/env node
// Bundles the server's TypeScript (apps/server and the @tokenwise/* packages) into one ES module,
// apps/server/dist/main.js, which `npm start` runs with plain Node: the tsx loader costs ~70 MB of
// resident memory at start (its hooks run on a thread of their own; docs/decisions/024). Installed
// packages stay outside the bundle and load as they would under tsx. `npm run dev` keeps running the
// sources through tsx; `npm test` bundles the test files the same way (scripts/bundle-tests.mjs).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { keepModuleUrls } from './keep-module-urls.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// An outfile as the first argument is for the build's own test.
const SERVER_BUNDLE = process.argv[2] ?? `${root}apps/server/dist/main.js`;

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
