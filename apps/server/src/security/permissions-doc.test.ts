import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { renderPermissionsDoc } from './permissions-doc.ts';
import { ROLE_RULES } from './role-rules.ts';

const DOC = join(import.meta.dirname, '../../../../docs/permissions.md');

test('docs/permissions.md is the route table as it is now', () => {
  const rendered = renderPermissionsDoc();
  for (const route of Object.keys(ROLE_RULES)) assert.ok(rendered.includes(`\`${route}\``));
  assert.equal(
    readFileSync(DOC, 'utf8'),
    rendered,
    'docs/permissions.md differs from security/role-rules.ts: run `npm run docs:permissions`',
  );
});
