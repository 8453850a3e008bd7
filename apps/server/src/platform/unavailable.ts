/**
 * Errors that mean a dependency is down or unreachable right now (the database restarting, its network
 * cut, the blob store failing), not that the request or the code is wrong. They answer 503 with
 * Retry-After, so clients and load balancers retry instead of reporting a bug.
 */
export class DependencyUnavailable extends Error {
  constructor(
    readonly dependency: 'database' | 'storage',
    options?: { cause?: unknown },
  ) {
    super(`${dependency} unavailable`, options);
  }
}

// Socket-level failures (node) and PostgreSQL's "connection exception" and "operator intervention" classes.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres's own messages for a pool that cannot connect or a connection that died mid-query.
const POSTGRES_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout)/;

export function isDependencyUnavailable(error: unknown): boolean {
  if (error instanceof DependencyUnavailable) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || code.startsWith('08'))
  )
    return true;
  // SQLite: another process held the write lock past busy_timeout; trying again shortly works.
  if (code === 'ERR_SQLITE_ERROR' && typeof message === 'string' && /database is locked/.test(message))
    return true;
  return typeof message === 'string' && POSTGRES_MESSAGES.test(message);
}
