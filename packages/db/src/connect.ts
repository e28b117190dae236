import { resolve } from 'node:path';
import type SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.ts';
import { sqliteDialect } from './sqlite-dialect.ts';
import { openSqliteFile } from './sqlite-file.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema the connection is pinned to, when not the default. */
  schema?: string;
  /**
   * SQLite only: the file handle under Kysely, for hot paths that reuse prepared statements. Use
   * it only inside `kysely.connection().execute(...)`, which holds Kysely's lock on the handle, so
   * it never runs in the middle of another caller's transaction.
   */
  sqlite?: SQLite.Database;
  /** Closes the pool or file handle; safe to call twice. */
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: every connection uses this schema (created if missing). Lets parallel test runs share one server. */
  schema?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
  /** PostgreSQL only: shown in pg_stat_activity, so an operator (or a test) can tell our sessions apart. */
  applicationName?: string;
  /** PostgreSQL only: told when a pooled connection dies (a failover, pg_terminate_backend). */
  onConnectionError?: (err: Error) => void;
}

// The PostgreSQL driver loads with the first PostgreSQL connection: an instance on SQLite (the
// default, and most test processes) never needs it at start-up.
async function loadPostgresDriver() {
  const [{ default: pg }, { createPostgresPool }] = await Promise.all([
    import('pg'),
    import('./pg-pool.ts'),
  ]);
  // int8 and numeric come back as strings by default; every such value we store fits a double.
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  return { pg, createPostgresPool };
}

export function parseDatabaseUrl(url: string): { dialect: DialectName; target: string } {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { dialect: 'postgres', target: url };
  }
  if (url.startsWith('sqlite://')) {
    const path = url.slice('sqlite://'.length);
    if (path === '' || path === '/') throw new Error('DATABASE_URL: sqlite URL has no file path');
    // sqlite:///abs/path → /abs/path; sqlite://./rel → ./rel
    return { dialect: 'sqlite', target: path === ':memory:' ? path : resolve(path) };
  }
  throw new Error('DATABASE_URL must start with sqlite:// or postgres://');
}

export async function connectDatabase(url: string, options: ConnectOptions = {}): Promise<Db> {
  const { dialect, target } = parseDatabaseUrl(url);
  if (dialect === 'sqlite') return connectSqlite(target);
  return connectPostgres(target, options);
}

function connectSqlite(file: string): Db {
  const sqlite = openSqliteFile(file);
  const kysely = new Kysely<Database>({ dialect: sqliteDialect(sqlite) });
  let closed = false;
  return {
    kysely,
    dialect: 'sqlite',
    sqlite,
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
    },
  };
}

async function connectPostgres(url: string, options: ConnectOptions): Promise<Db> {
  const schema = options.schema;
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error(`Bad schema name ${schema}`);
  const { pg, createPostgresPool } = await loadPostgresDriver();
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const { kyselyPool } = createPostgresPool({
    url,
    max: options.poolSize ?? 10,
    applicationName: options.applicationName ?? 'tokenwise',
    schema,
    onError: options.onConnectionError ?? (() => {}),
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool }) });
  let closed = false;
  return {
    kysely,
    dialect: 'postgres',
    ...(schema ? { schema } : {}),
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
    },
  };
}

/** SQLite's raw handle and statement types, for code that holds `Db.sqlite`. */
export type SqliteHandle = SQLite.Database;
export type SqliteStatement = SQLite.Statement;
