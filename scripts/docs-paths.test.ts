import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// A reader judges the project from README and docs/: a path there that a move or a rename left
// behind sends them to nothing. Only existence is checked; no file named is opened.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
/** Made by a build or a run, not kept in the repository. */
const BUILT = ['apps/web/dist', 'apps/server/dist'];
const REPO_PATH = /(?<![\w/.-])((?:apps|packages|scripts|bench|eval|docs)\/[\w./-]*[\w/])/g;
const RECORDS = readdirSync(join(ROOT, 'docs/decisions'));
/** `docs/decisions/010` and "decision 010" stand for the record whose file starts `010-`. */
const recordExists = (number: string) => RECORDS.some((name) => name.startsWith(`${number}-`));

test('every repository path README and docs/*.md name exists', () => {
  const missing: string[] = [];
  for (const doc of DOCS) {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    for (const [, found = ''] of text.matchAll(REPO_PATH)) {
      const path = found.replace(/[.]+$/, '');
      if (BUILT.some((built) => path.startsWith(built))) continue;
      const record = /^docs\/decisions\/(\d{3})$/.exec(path)?.[1];
      if (record ? !recordExists(record) : !existsSync(join(ROOT, path)))
        missing.push(`${doc}: ${path}`);
    }
  }
  assert.deepEqual(missing, [], 'a path in the docs names nothing: fix the path or the text');
});

test('every decision README and docs/*.md cite has its record', () => {
  const missing: string[] = [];
  for (const doc of DOCS) {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    // "decision 051", "decisions 039 and 044", "decisions 077–078, 079"
    for (const [cited = ''] of text.matchAll(/[Dd]ecisions? \d{3}(?:(?:,| and|–|-) ?\d{3})*/g)) {
      for (const [number = ''] of cited.matchAll(/\d{3}/g))
        if (!recordExists(number)) missing.push(`${doc}: ${number}`);
    }
  }
  assert.deepEqual(missing, [], 'a cited decision has no record in docs/decisions');
});
