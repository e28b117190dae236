import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `mkdir -p` one level at a time. Node's own recursive mkdir never returns under a folder that
 * refuses new entries with ENOENT (/proc: `DATA_DIR=/proc/tokenwise` hung start-up for good);
 * one level at a time, the first refusal throws with the folder it was making.
 */
export function makeDirs(dir: string, mode: number): void {
  const missing: string[] = [];
  for (let path = dir; !existsSync(path) && dirname(path) !== path; path = dirname(path))
    missing.unshift(path);
  for (const path of missing) {
    try {
      mkdirSync(path, { mode });
    } catch (err) {
      // Made meanwhile by another process: go on.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}
