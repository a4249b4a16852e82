/**
 * Which database failures are outages (retry later) rather than bugs. One place,
 * so the HTTP layer, the workers and the auth cache agree on what "the database
 * is away" means on both engines.
 */

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

/** Socket-level failures reaching the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

/** PostgreSQL SQLSTATEs of a server that is going away, starting, or out of connections. */
const PG_UNAVAILABLE = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  '58030', // io_error
]);

/** node-postgres's own messages for a connection that died or never came. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'connection timeout',
];

/** SQLite result codes (better-sqlite3 puts the extended name in `code`) of a file that cannot be used right now. */
function sqliteUnavailable(code: string): boolean {
  return code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY') || code === 'SQLITE_LOCKED';
}

function codeOf(err: ErrorLike): string {
  return typeof err.code === 'string' ? err.code : '';
}

function walk(err: unknown, test: (e: ErrorLike) => boolean, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as ErrorLike;
  if (test(e)) return true;
  // AggregateError: a connect that tried IPv4 and IPv6. Not `cause`: an outgoing
  // HTTP call (a webhook) that failed to connect is not the database being away.
  return Array.isArray(e.errors) && e.errors.some((x) => walk(x, test, depth + 1));
}

/** True when the error means the database is unreachable or refusing work for now (answer 503, retry later). */
export function isDatabaseUnavailable(err: unknown): boolean {
  return walk(err, (e) => {
    const code = codeOf(e);
    if (NETWORK_CODES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code) || PG_UNAVAILABLE.has(code)) return true;
    if (code.startsWith('SQLITE_') && sqliteUnavailable(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    return PG_MESSAGES.some((m) => message.includes(m));
  });
}

/** True when the database cannot store more: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100), or ENOSPC. */
export function isStorageFull(err: unknown): boolean {
  return walk(err, (e) => {
    const code = codeOf(e);
    return code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC' || code === 'EDQUOT';
  });
}
