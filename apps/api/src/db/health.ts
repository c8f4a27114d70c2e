import type pg from 'pg';

/*
 * Is the database there? GET /api/polling (every open portal asks every 5 s) answers from here, so
 * the check is cheap: one `SELECT 1` through the app's own pool, at most once per second however many
 * callers ask, with a time-out. When the database is back, the pool connects anew by itself.
 */

export type DatabaseHealth = { isUp(): Promise<boolean> };

export function createDatabaseHealth(pool: pg.Pool, options: { cacheMs?: number; timeoutMs?: number } = {}): DatabaseHealth {
  const cacheMs = options.cacheMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 3_000;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let up = true;
  let running: Promise<boolean> | null = null;

  // An idle connection that lost its server (the postmaster died, the server restarted) is news: ask anew.
  pool.on('error', () => { checkedAt = Number.NEGATIVE_INFINITY; });

  const check = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        pool.query('SELECT 1'),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('time-out')), timeoutMs); }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    isUp() {
      if (performance.now() - checkedAt < cacheMs) return Promise.resolve(up);
      running ??= check().then((result) => {
        up = result;
        checkedAt = performance.now();
        running = null;
        return result;
      });
      return running;
    },
  };
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const POOL_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

/**
 * Whether an error means "the database cannot be used right now" (gone, starting, shutting down, out
 * of disk or connections) rather than a fault of the request: such errors answer 503, not 500. Looks
 * through wrappers (Drizzle's DrizzleQueryError keeps the driver's error as `cause`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE: 08 connection exception, 53 insufficient resources (disk full, too many connections),
    // 57P01-57P03 shut down or starting up, 58 system error (I/O error, e.g. a read-only disk).
    if (/^(08|53|58)...$/.test(code) || /^57P0[123]$/.test(code)) return true;
  }
  if (typeof message === 'string' && POOL_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true; // AggregateError of a dual-stack connect
  return isDatabaseUnavailable(cause, depth + 1);
}
