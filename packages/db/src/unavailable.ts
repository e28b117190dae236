// What a lost or refused PostgreSQL connection looks like, from the server (SQLSTATE) or the socket.
const LOST_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a restart or a failover
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
]);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a dead socket, a dead client and a full pool with these messages only.
const LOST_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

/** True when a PostgreSQL query failed because its connection died or could not be made. */
export function isConnectionLoss(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (LOST_SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
  }
  if (LOST_MESSAGES.test(err.message)) return true;
  // A host with several addresses fails with one error per address.
  const inner = (err as { errors?: unknown }).errors;
  return Array.isArray(inner) && inner.some(isConnectionLoss);
}

/** True when SQLite refused because another process holds the file's write lock. */
export function isLockedByAnotherProcess(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/**
 * True when the storage refused a write: SQLite's disk is full or read-only or failing, or
 * PostgreSQL's disk is full (53100). The query was fine; it can succeed once there is room.
 */
export function isStorageRefused(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^(SQLITE_(FULL|READONLY|IOERR)|53100$)/.test(code);
}

/**
 * True when the database could not serve the query for now (connection lost, server down or
 * busy), as opposed to a query that is wrong: the caller should get a 503 and try again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return isConnectionLoss(err) || isLockedByAnotherProcess(err) || isStorageRefused(err);
}
