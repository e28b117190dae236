import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TinyDisk {
  /** The mount point: a file system of its own, so filling it harms nothing else. */
  dir: string;
  /** Fills every free byte with one file (ENOSPC from then on). */
  fill(): void;
  /** Deletes that file: the space is back. */
  free(): void;
  /** Makes the file system read-only (true) or writable again (false). */
  readOnly(on: boolean): void;
  unmount(): void;
}

/**
 * A small tmpfs the test can fill or make read-only, or undefined where mounting is not allowed
 * (not root, no CAP_SYS_ADMIN): such tests skip there.
 */
export function mountTinyDisk(sizeMb: number): TinyDisk | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'tokenwise-tiny-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0700`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  const filler = join(dir, 'filler');
  const remount = (mode: 'ro' | 'rw') =>
    execFileSync('mount', ['-o', `remount,${mode}`, dir], { stdio: 'ignore' });
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      const chunk = Buffer.alloc(64 * 1024);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    readOnly(on) {
      remount(on ? 'ro' : 'rw');
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
