import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { isConnectionLoss } from './unavailable.ts';

export interface PostgresPoolOptions {
  url: string;
  max: number;
  applicationName: string;
  schema: string | undefined;
  /** Told of every error of an idle or checked-out connection (they no longer crash the process). */
  onError: (err: Error) => void;
}

// A request must not wait forever for a connection when the server is unreachable or the pool full.
const CONNECT_TIMEOUT_MS = 5_000;
const READ_ONLY = /^\s*select\b/i;
/**
 * Tries a read gets. One retry is not always enough: when every session is killed at once, the
 * pool may hand out an idle connection whose death it has not heard of yet, then another.
 */
const READ_ATTEMPTS = 3;
const OPENS_TRANSACTION = /^\s*(begin|start\s+transaction)\b/i;
const CLOSES_TRANSACTION = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;

/**
 * The pg pool Kysely draws from, hardened for failovers: a connection that dies while checked out
 * (pg_terminate_backend, a restart) reports to `onError` instead of raising an unhandled 'error';
 * a plain SELECT outside a transaction whose connection died is run once more on a fresh one, so a
 * failover costs the caller nothing. Writes and transactions are never retried: their outcome is
 * unknown, so the error goes up (callers map it to a 503, or spill and replay log rows).
 */
export function createPostgresPool(options: PostgresPoolOptions): {
  pool: pg.Pool;
  kyselyPool: PostgresPool;
} {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max,
    application_name: options.applicationName,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  pool.on('error', options.onError);
  // pool.on('error') covers idle connections only; a checked-out one needs its own listener.
  pool.on('connect', (client) => client.on('error', options.onError));
  return {
    pool,
    kyselyPool: {
      async connect() {
        return new RetryingClient(pool, await connectOnce(pool));
      },
      end: () => pool.end(),
    },
  };
}

/**
 * A new connection killed while it starts (pg_terminate_backend matches its application_name as
 * soon as it is set, a failover drops it) ran nothing, so it is opened again, a few times. A
 * refused or timed-out connect is not: the server is down, and waiting again would only delay the
 * caller's 503.
 */
const CONNECT_ATTEMPTS = 3;

async function connectOnce(pool: pg.Pool): Promise<pg.PoolClient> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.connect();
    } catch (err) {
      if (attempt >= CONNECT_ATTEMPTS || !killedWhileStarting(err)) throw err;
    }
  }
}

function killedWhileStarting(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return code === '57P01' || code === 'ECONNRESET' || /Connection terminated/i.test(err.message);
}

class RetryingClient implements PostgresPoolClient {
  private inTransaction = false;
  private client: pg.PoolClient | undefined;

  constructor(
    private readonly pool: pg.Pool,
    client: pg.PoolClient,
  ) {
    this.client = client;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') {
      // biome-ignore lint/suspicious/noExplicitAny: pg's cursor overload is typed on its own Submittable
      return this.current().query(sqlOrCursor as any) as unknown as PostgresCursor<R>;
    }
    return this.run<R>(sqlOrCursor, parameters ?? []);
  }

  release(): void {
    this.client?.release();
    this.client = undefined;
  }

  private current(): pg.PoolClient {
    if (!this.client) throw new Error('Connection terminated: the client was released');
    return this.client;
  }

  private async run<R>(
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> {
    if (OPENS_TRANSACTION.test(sql)) this.inTransaction = true;
    if (CLOSES_TRANSACTION.test(sql)) this.inTransaction = false;
    let client = this.current();
    for (let attempt = 1; ; attempt++) {
      try {
        return (await client.query(sql, [...parameters])) as unknown as PostgresQueryResult<R>;
      } catch (err) {
        const retry = !this.inTransaction && READ_ONLY.test(sql) && isConnectionLoss(err);
        if (!retry || attempt >= READ_ATTEMPTS) throw err;
        // The dead connection leaves the pool; the read runs again on a new one.
        this.client = undefined;
        client.release(err as Error);
        client = await connectOnce(this.pool);
        this.client = client;
      }
    }
  }
}
