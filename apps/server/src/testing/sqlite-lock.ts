import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import SQLite from 'better-sqlite3';

// Another process (a backup, the sqlite3 shell, a second server) taking the file's write lock and
// keeping it until told to let go.
const LOCK_HOLDER = `
const db = new (require('better-sqlite3'))(process.argv[1]);
db.exec('BEGIN EXCLUSIVE');
console.log('locked');
process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });
`;

export interface WriteLock {
  release(): Promise<void>;
}

/** Resolves once a child process holds `file`'s write lock; release() ends its transaction. */
export async function holdWriteLock(file: string): Promise<WriteLock> {
  const child = spawn(process.execPath, ['-e', LOCK_HOLDER, file]);
  const exited = once(child, 'exit');
  const [line] = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    exited.then(([code]) => {
      throw new Error(`lock holder exited with ${code}`);
    }),
  ]);
  if (line !== 'locked') throw new Error(`lock holder said ${line}`);
  return {
    async release() {
      child.stdin.write('release\n');
      await exited;
    },
  };
}

/** True while some process holds the file's write lock: a write transaction cannot start now. */
export function writeLockHeld(file: string): boolean {
  const probe = new SQLite(file, { timeout: 0 });
  try {
    probe.exec('BEGIN IMMEDIATE');
    probe.exec('ROLLBACK');
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw err;
  } finally {
    probe.close();
  }
}
