import { appendFileSync, writeFileSync } from 'node:fs';
import { makeDirs } from '@tokenwise/db';

// Everything under DATA_DIR is for this user only: the database, spilled prompts (spill/*.jsonl),
// live password-reset links (outbox/*.eml), the secret key. Modes apply when a path is created.
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

export function ensurePrivateDir(dir: string): void {
  makeDirs(dir, DIR_MODE);
}

export function writePrivateFile(file: string, data: string | Buffer): void {
  writeFileSync(file, data, { mode: FILE_MODE });
}

export function appendPrivateFile(file: string, data: string): void {
  appendFileSync(file, data, { mode: FILE_MODE });
}
