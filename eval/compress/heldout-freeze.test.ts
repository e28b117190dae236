// The independent set's held-out half is frozen (eval/data/compress/independent/README.md): its
// hash is checked, never its text, so an edit to it (or tuning that touches it) fails here.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { it } from 'node:test';

const FILE = new URL('../data/compress/independent/heldout.txt', import.meta.url);
const FROZEN = '48642e58c760a9cc0a9fbd321d8bd64bfa5b57162a12a1ee2e0cb811b4d92d83';

it('the held-out half of the independent set is unchanged', { skip: !existsSync(FILE) }, () => {
  assert.equal(createHash('sha256').update(readFileSync(FILE)).digest('hex'), FROZEN);
});
