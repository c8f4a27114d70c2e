import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import { rateLimits } from './auth.table.ts';

/** Who is trying: the client address (as TRUST_PROXY decides) and the request's cookies. */
export type LoginClient = { ip: string; cookieHeader?: string | undefined };

export type LoginAttempt = {
  /** A valid device cookie of this account came with the attempt (OWASP's trusted client). */
  trusted: boolean;
  /** After a correct password: clears this client's counters and answers a (renewed) device cookie. */
  succeeded(): Promise<string>;
};

export type LoginGuardOptions = {
  /** Attempts per account from one client (or one device), per window. */
  perAccountClient: number;
  /** Attempts from one client over all accounts, per window. */
  perClient: number;
  /** Attempts on one account from all untrusted clients after which each further one waits its turn. */
  slowAfter: number;
  /** Time between two untrusted attempts on a slowed-down account, and the longest an attempt waits. */
  spacingMs: number;
  maxWaitMs: number;
  secureCookie: boolean;
  sleep?: (ms: number) => Promise<void>;
};

const DEVICE_DAYS = 365;
const b64 = (buffer: Buffer) => buffer.toString('base64url');

/**
 * Takes the next free turn of a slowed-down account (one turn per `spacingMs`, across every process); answers
 * how long to wait for it, or null when that would be longer than `maxWaitMs`.
 */
export async function takeTurn(db: Db, turnKey: string, options: { spacingMs: number; maxWaitMs: number }): Promise<number | null> {
  const result = await db.execute<{ wait_ms: number }>(sql`
    WITH current AS (
      SELECT greatest(coalesce((SELECT ${rateLimits.resetAt} FROM ${rateLimits} WHERE key = ${turnKey}), now()), now()) AS next_at
    )
    INSERT INTO ${rateLimits} (key, count, reset_at)
    SELECT ${turnKey}, 1, next_at + make_interval(secs => ${options.spacingMs / 1000}) FROM current
    WHERE next_at <= now() + make_interval(secs => ${options.maxWaitMs / 1000})
    ON CONFLICT (key) DO UPDATE SET
      count = ${rateLimits.count} + 1,
      reset_at = greatest(${rateLimits.resetAt}, now()) + make_interval(secs => ${options.spacingMs / 1000})
    WHERE greatest(${rateLimits.resetAt}, now()) <= now() + make_interval(secs => ${options.maxWaitMs / 1000})
    RETURNING (extract(epoch FROM reset_at - now()) * 1000)::int - ${options.spacingMs} AS wait_ms`);
  const row = result.rows[0];
  return row ? Math.max(0, row.wait_ms) : null;
}

/**
 * Guessing passwords stays bounded without handing an attacker a lock-out (OWASP, "Slow down online
 * guessing attacks with device cookies"):
 * - an account is limited per client (account + client address), and every client over all accounts;
 * - the account as a whole is never refused: past `slowAfter` attempts from untrusted clients in a
 *   window, untrusted attempts are spaced `spacingMs` apart (one at a time, across every process);
 *   an attempt that would wait longer than `maxWaitMs` is told to come back (429 with retry-after);
 * - a browser that logged in to the account before holds a signed device cookie: its attempts skip
 *   the client limits and the slow-down and are counted under the device alone, so the person who
 *   knows the password gets in at once while an attacker hammers the account.
 * Activation codes tried through the login and through /public/activate use the same budget (the
 * same account key).
 */
export function createLoginGuard(db: Db, limiter: RateLimiter, secrets: Secrets, options: LoginGuardOptions) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const key = () => secrets.get('device-cookies');
  const sign = async (account: string, nonce: string) => b64(createHmac('sha256', await key()).update(`${account}\n${nonce}`).digest());
  /** The cookie's name is derived from the account, so a browser keeps one per account without naming it. */
  const cookieName = async (account: string) => `pd_${b64(createHmac('sha256', await key()).update(`name\n${account}`).digest()).slice(0, 16)}`;

  async function deviceNonce(account: string, cookieHeader: string | undefined): Promise<string | null> {
    if (!cookieHeader) return null;
    const value = parseCookies(cookieHeader)[await cookieName(account)];
    const [nonce, signature] = (value ?? '').split('.');
    if (!nonce || !signature) return null;
    const expected = Buffer.from(await sign(account, nonce));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }

  return {
    /**
     * Counts one attempt on `account` (before the password is checked, so that parallel guesses are
     * counted too) and applies the limits; throws 429 for this client, or waits its turn.
     */
    async attempt(scope: string, account: string, client: LoginClient): Promise<LoginAttempt> {
      const nonce = await deviceNonce(account, client.cookieHeader);
      const clearKeys: string[] = [];
      if (nonce) {
        const deviceKey = `${scope}:device:${nonce}`;
        await limiter.hit([{ key: deviceKey, max: options.perAccountClient }]);
        clearKeys.push(deviceKey);
      } else {
        const pairKey = `${scope}:pair:${account}:${client.ip}`;
        const counts = await limiter.hit([
          { key: pairKey, max: options.perAccountClient },
          { key: `${scope}:client:${client.ip}`, max: options.perClient },
          { key: `${scope}:account:${account}`, max: Number.MAX_SAFE_INTEGER },
        ]);
        clearKeys.push(pairKey);
        if ((counts.get(`${scope}:account:${account}`) ?? 0) > options.slowAfter) {
          const wait = await takeTurn(db, `login:turn:${scope}:${account}`, options);
          if (wait === null) throw new TooManyRequestsError(Math.ceil(options.maxWaitMs / 1000));
          if (wait > 0) await sleep(wait);
        }
      }
      return {
        trusted: nonce !== null,
        async succeeded() {
          for (const k of clearKeys) await limiter.clear(k);
          const fresh = b64(randomBytes(18));
          return serializeCookie(await cookieName(account), `${fresh}.${await sign(account, fresh)}`, {
            httpOnly: true,
            secure: options.secureCookie,
            sameSite: 'strict',
            path: '/api/public',
            maxAge: DEVICE_DAYS * 24 * 3600,
          });
        },
      };
    },
  };
}
export type LoginGuard = ReturnType<typeof createLoginGuard>;
