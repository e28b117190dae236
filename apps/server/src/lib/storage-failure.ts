import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';

const REASONS: [RegExp, string][] = [
  [
    /^(ENOSPC|EDQUOT|SQLITE_FULL)$/,
    'the disk is full. Free some space, or set DATA_DIR to a folder on another disk',
  ],
  [
    /^(EROFS|SQLITE_READONLY\w*)$/,
    'the file system is read-only. Set DATA_DIR to a writable folder',
  ],
  [
    // A folder that exists but takes no new entries says ENOENT: /proc, /sys and their kind.
    /^ENOENT$/,
    'no file or folder can be created there (a special file system, such as /proc or /sys). Set DATA_DIR to a folder on a disk',
  ],
  [
    /^(EACCES|EPERM)$/,
    'this user may not write there. Fix the folder’s owner or mode, or set DATA_DIR to another folder',
  ],
];

/**
 * Why the server cannot store its files in `dir`, worded for the operator who starts it, or
 * undefined when `err` is not about the disk. `what` names the setting, e.g. 'DATA_DIR'.
 */
export function storageFailure(what: string, dir: string, err: unknown): string | undefined {
  const e = err as NodeJS.ErrnoException;
  // A mkdir or open refused with ENOENT (a read-only file system says that too, as do /proc and
  // /sys): ask the nearest folder that exists. Any other ENOENT is not about the disk.
  const refused = e?.code === 'ENOENT' && (e.syscall === 'mkdir' || e.syscall === 'open');
  if (e?.code === 'ENOENT' && !refused) return undefined;
  const code = refused ? (whyNotWritable(dir) ?? e.code) : e?.code;
  const reason = REASONS.find(([codes]) => typeof code === 'string' && codes.test(code))?.[1];
  // The driver's own words too, unless they were the misleading ENOENT of a read-only disk.
  const detail = code === e.code ? ` (${e.message})` : '';
  return reason && `Cannot write to ${what} (${dir}): ${reason}.${detail}`;
}

function whyNotWritable(dir: string): string | undefined {
  let existing = dir;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  try {
    accessSync(existing, constants.W_OK);
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code;
  }
}
