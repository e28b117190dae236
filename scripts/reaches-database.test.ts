import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { databaseReacher } from './reaches-database.mjs';

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'reaches-db-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

test('a test that reaches the data layer through relative imports is a database suite', () => {
  const dir = tree({
    'a.test.ts': "import { b } from './b.ts';\n",
    'b.ts': "export { c as b } from './c.ts';\n",
    'c.ts': "import { createDatabase } from '@tokenwise/db';\nexport const c = createDatabase;\n",
  });
  assert.equal(databaseReacher()(join(dir, 'a.test.ts')), true);
});

test('type-only imports and engines without a database are not', () => {
  const dir = tree({
    'a.test.ts': "import type { Database } from '@tokenwise/db';\nimport { b } from './b.ts';\n",
    'b.ts':
      "import { a } from './a.test.ts';\nimport assert from 'node:assert';\nexport const b = 1;\n",
  });
  assert.equal(databaseReacher()(join(dir, 'a.test.ts')), false);
});

test('a dynamic import of a driver counts', () => {
  const dir = tree({ 'a.test.ts': "const pg = await import('pg');\n" });
  assert.equal(databaseReacher()(join(dir, 'a.test.ts')), true);
});
