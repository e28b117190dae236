import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { commonComponent } from './sif-weights.ts';
import { snapshotPrefix } from './vector-snapshot.ts';
import { defaultVectorFile, loadWordVectors, type WordVectors } from './word-vectors.ts';

// The real vectors file, seen through a link inside a scratch node_modules: its snapshot and
// cached component land in the scratch folder, not in the project's cache.
const WORDS = 3_000;
const scratch = mkdtempSync(join(tmpdir(), 'tw-vectors-'));
const packageDir = join(scratch, 'node_modules', 'vectors');
mkdirSync(packageDir, { recursive: true });
const file = join(packageDir, 'vectors.json');
symlinkSync(defaultVectorFile(), file);
const cacheDir = join(scratch, 'node_modules', '.cache', 'tokenwise');

after(() => rmSync(scratch, { recursive: true, force: true }));

function sameVectors(actual: WordVectors, expected: WordVectors): void {
  assert.equal(actual.size, expected.size);
  assert.equal(actual.sourceSize, expected.sourceSize);
  assert.equal(actual.dimensions, expected.dimensions);
  for (const rank of [0, 1, 17, 999, WORDS - 1])
    assert.deepEqual(actual.row(rank), expected.row(rank), `row ${rank}`);
  for (const word of ['the', 'python', 'install', 'zzzznotaword', ''])
    assert.equal(actual.rankOf(word), expected.rankOf(word), word);
}

describe('word vectors snapshot', () => {
  it('a second load reads the snapshot the first wrote, with the same rows, ranks and component', () => {
    const parsed = loadWordVectors(WORDS, file);
    const prefix = snapshotPrefix(file, WORDS);
    assert.ok(prefix?.startsWith(cacheDir), `${prefix}`);
    assert.equal(parsed.cachePrefix, prefix);
    assert.ok(readdirSync(cacheDir).some((name) => name.endsWith('.bin')));
    const computed = commonComponent(parsed, 0.001, 2_000);

    const snapshot = loadWordVectors(WORDS, file);
    sameVectors(snapshot, parsed);
    assert.deepEqual(commonComponent(snapshot, 0.001, 2_000), computed);
    // Another weight is another component, not the cached one.
    assert.notDeepEqual(commonComponent(snapshot, 0.01, 2_000), computed);
  });

  it('a damaged snapshot or component is ignored: the vectors are parsed again and stored again', () => {
    const parsed = loadWordVectors(WORDS, file);
    const computed = commonComponent(parsed, 0.002, 2_000);
    for (const name of readdirSync(cacheDir)) writeFileSync(join(cacheDir, name), 'TWWV garbage');
    sameVectors(loadWordVectors(WORDS, file), parsed);
    assert.deepEqual(commonComponent(loadWordVectors(WORDS, file), 0.002, 2_000), computed);
    // Truncated after a valid start: the header promises more than the file holds.
    const bin = readdirSync(cacheDir).find((name) => name.endsWith('.bin')) ?? '';
    writeFileSync(join(cacheDir, bin), Buffer.alloc(64));
    sameVectors(loadWordVectors(WORDS, file), parsed);
  });

  it('another word count is another snapshot; an unwritable cache folder still loads', () => {
    const fewer = loadWordVectors(1_000, file);
    assert.notEqual(fewer.cachePrefix, snapshotPrefix(file, WORDS));
    assert.equal(fewer.size, 1_000);

    rmSync(join(scratch, 'node_modules', '.cache'), { recursive: true, force: true });
    // Root ignores permissions; a file where the folder should be stops it for everyone.
    writeFileSync(join(scratch, 'node_modules', '.cache'), 'not a folder');
    const parsed = loadWordVectors(WORDS, file);
    assert.equal(parsed.cachePrefix, snapshotPrefix(file, WORDS));
    sameVectors(loadWordVectors(WORDS, file), parsed);
    assert.equal(commonComponent(parsed, 0.001, 2_000).length, parsed.dimensions);
    rmSync(join(scratch, 'node_modules', '.cache'));
  });
});
