// Whether a test file can open a database: it, or a module it imports (followed through relative
// imports), imports the data layer or a database driver. Type-only imports do not count; they
// vanish at run time. The PostgreSQL pass of CI runs only such files: the others would repeat the
// SQLite pass exactly.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const DATABASE_MODULE = /^(@tokenwise\/db|kysely|better-sqlite3|pg)(\/|$)/;
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:^|\n)\s*import\s+'([^']+)'/g;

function importedSpecifiers(source) {
  const out = [];
  for (const m of source.matchAll(IMPORT)) {
    if (m[1]) continue;
    out.push(m[2] ?? m[3] ?? m[4]);
  }
  return out;
}

export function databaseReacher() {
  const known = new Map();
  const reaches = (file, visiting) => {
    const seen = known.get(file);
    if (seen !== undefined) return seen;
    if (visiting.has(file) || !existsSync(file)) return false;
    visiting.add(file);
    let found = false;
    for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
      found = specifier.startsWith('.')
        ? reaches(resolve(dirname(file), specifier), visiting)
        : DATABASE_MODULE.test(specifier);
      if (found) break;
    }
    visiting.delete(file);
    known.set(file, found);
    return found;
  };
  return (file) => reaches(resolve(file), new Set());
}
