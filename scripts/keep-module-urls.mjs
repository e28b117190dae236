// An esbuild plugin for bundles of the workspace's TypeScript (the server's and the tests').
// Each module keeps its own `import.meta.url`, so code that finds files beside its source (the
// dashboard build, the word-rank list, the CPU pool's worker entry, a test's fixtures) finds them
// wherever the bundle is written. Bare specifiers other than the workspace's own packages stay
// outside the bundle and are loaded by Node at run time, as they would be under tsx.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

export const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(b) {
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
