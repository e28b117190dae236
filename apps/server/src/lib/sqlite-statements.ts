import type { SqliteHandle, SqliteStatement } from '@tokenwise/db';

const statements = new WeakMap<SqliteHandle, Map<string, SqliteStatement>>();

/** One row's `INSERT` into `table`, a `?` per column, leaving a row whose id is already there. */
export function insertIgnoringIdSql(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')})
  VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (id) DO NOTHING`;
}

/** A prepared statement for this handle and SQL text, prepared once and reused. */
export function preparedStatement(handle: SqliteHandle, sqlText: string): SqliteStatement {
  let byText = statements.get(handle);
  if (!byText) {
    byText = new Map();
    statements.set(handle, byText);
  }
  let statement = byText.get(sqlText);
  if (!statement) {
    statement = handle.prepare(sqlText);
    byText.set(sqlText, statement);
  }
  return statement;
}
