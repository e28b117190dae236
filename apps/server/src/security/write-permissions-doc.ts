import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPermissionsDoc } from './permissions-doc.ts';

// `npm run docs:permissions`: rewrites the matrix after a change to role-rules.ts.
writeFileSync(join(import.meta.dirname, '../../../../docs/permissions.md'), renderPermissionsDoc());
