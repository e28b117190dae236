import { dirname } from 'node:path';
import { parseDatabaseUrl } from '@tokenwise/db';
import { buildApp } from './app.ts';
import { closeDeps, createDeps } from './bootstrap.ts';
import { ConfigError, followListeningPort, loadConfig } from './config/env.ts';
import { isFreshDatabase, startupBanner } from './features/getting-started/first-run-banner.ts';
import { limitHeapGrowth } from './lib/heap-growth.ts';
import { storageFailure } from './lib/storage-failure.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  limitHeapGrowth(config.heapGrowingPercent);
  const deps = await createDeps(config).catch((err: unknown) => {
    if (err instanceof ConfigError) throw err;
    throw new Error(databaseStartFailure(config, err));
  });
  const app = await buildApp(deps);
  const address = await app
    .listen({ port: config.port, host: config.host })
    .catch((err: NodeJS.ErrnoException) => {
      throw new Error(listenFailure(config.host, config.port, err));
    });
  const bound = app.server.address();
  if (bound && typeof bound === 'object') followListeningPort(config, bound.port);
  deps.log.info({ address }, `Tokenwise is running on ${config.publicUrl}`);
  // With PORT=0 the configured URL names no port: say where it really listens.
  const dashboardUrl = config.port === 0 ? address : config.publicUrl;
  console.log(startupBanner(dashboardUrl, await isFreshDatabase(deps.db.kysely)));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, 'draining');
    // close() stops accepting, waits for in-flight requests, then runs onClose hooks (log flush).
    // A connection still busy when it began would, once its answer is done, idle on for the
    // keep-alive timeout (72 s) and hold the exit: close such connections as they fall idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    await app.close();
    clearInterval(sweep);
    await closeDeps(deps);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * A PostgreSQL server that refuses, a database that does not exist or a wrong password: the raw
 * driver text ("connect ECONNREFUSED 127.0.0.1:5999") names no setting; nor does SQLite's
 * "database or disk is full".
 */
function databaseStartFailure(
  config: { databaseUrl: string; dataDir: string },
  err: unknown,
): string {
  const { databaseUrl, dataDir } = config;
  const message = err instanceof Error ? err.message : String(err);
  if (!/^postgres(ql)?:/i.test(databaseUrl)) {
    // A full or read-only disk: the file's folder, named by the setting that chose it.
    const dir = dirname(parseDatabaseUrl(databaseUrl).target);
    const what = dir === dataDir ? 'DATA_DIR' : 'the folder of DATABASE_URL';
    return storageFailure(what, dir, err) ?? message;
  }
  let shown = databaseUrl;
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    shown = url.toString();
  } catch {
    // The configuration already refused a malformed URL; show it as given.
  }
  return `Cannot open the PostgreSQL database at DATABASE_URL (${shown}): ${message}. Check DATABASE_URL and that the server is running and reachable.`;
}

/** Why the server could not listen, with the variable to change. */
function listenFailure(host: string, port: number, err: NodeJS.ErrnoException): string {
  const where = `Cannot listen on ${host}:${port}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return `${where}: the port is in use (set PORT to another)`;
    case 'EACCES':
      return `${where}: not allowed to use this port (set PORT to 1024 or above)`;
    case 'EADDRNOTAVAIL':
      return `${where}: no interface here has that address (check HOST)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${where}: the host name does not resolve (check HOST)`;
    default:
      return `${where}: ${err.message} (check HOST and PORT)`;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
