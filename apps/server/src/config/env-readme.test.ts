import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { EnvSchema } from './env.ts';

// README's configuration table is what an operator reads: a variable added to the schema without
// a row, a row left after its variable went, or a default changed in one place only are all
// silent until someone trusts the table.
const README = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

/** Read before the server's process exists (V8 flags, the dashboard build): start scripts only. */
const READ_BY_START_SCRIPTS = ['HEAP_SEMI_SPACE_MIB', 'TOKENWISE_SKIP_BUILD'];

/**
 * Each row of the first table under "## Configuration" (the server's; the scripts' table follows
 * it): the names in its first cell, its default cell.
 */
function configurationRows(): { names: string[]; defaultCell: string }[] {
  const section = README.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const lines = section.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  return lines
    .slice(start, end)
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [, names = '', defaultCell = ''] = line.split('|');
      const found = [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '');
      return { names: found, defaultCell };
    });
}

test('README names every variable config/env.ts reads, and no other', () => {
  const rows = configurationRows();
  const documented = new Set(rows.flatMap((r) => r.names));
  const read = Object.keys(EnvSchema.shape);
  assert.ok(read.length > 40, 'EnvSchema lists the variables');
  assert.deepEqual(
    read.filter((name) => !documented.has(name)),
    [],
    'read by config/env.ts but missing from README: add a row (default, range, effect)',
  );
  assert.deepEqual(
    [...documented].filter((name) => !read.includes(name) && !READ_BY_START_SCRIPTS.includes(name)),
    [],
    'in README but read by nothing: remove the row, or say which script reads it',
  );
});

test("README's default column states each schema default", () => {
  const defaults: Record<string, unknown> = EnvSchema.parse({});
  const wrong = configurationRows().flatMap(({ names, defaultCell }) =>
    names.filter((name) => {
      const value = defaults[name];
      if (value === undefined || value === '') return false;
      return !defaultCell.includes(`\`${String(value)}\``);
    }),
  );
  assert.deepEqual(wrong, [], 'the default column disagrees with config/env.ts');
});
