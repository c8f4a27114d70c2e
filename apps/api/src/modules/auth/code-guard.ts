import type { Db } from '../../db/client.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { takeTurn, type LoginClient, type LoginGuardOptions } from './login-guard.ts';
import type { RateLimiter } from './rate-limit.ts';

/**
 * As the password login's (RATE_LIMIT_ACCOUNT_MAX, RATE_LIMIT_CLIENT_MAX, and for codes TOTP_SLOWDOWN_AFTER and
 * TOTP_SLOWDOWN_MS), no device cookies; and who to tell of repeated failures.
 */
type Options = Omit<LoginGuardOptions, 'secureCookie'> & {
  /** Wrong codes on one account within an hour after which its owner is mailed (once that hour). */
  alertAfter: number;
  /** Mails the account's owner: `failures` wrong codes within the hour (a job: the request only enqueues it). */
  alert: (account: string, failures: number) => Promise<void>;
};

export type CodeAttempt = {
  /** A wrong code: counted for the owner's warning mail. */
  failed(): Promise<void>;
  /** The right code: this client's and the account's counts start again. */
  succeeded(): Promise<void>;
};

/**
 * Guessing a second factor (a 6-digit TOTP code, a recovery code) is bounded account-wide. Whoever gets
 * this far knows the password, and may try from many client addresses: the per-client limits alone let
 * an account be checked about twice a second. Like the password login's account slow-down
 * (login-guard.ts), past `slowAfter` codes in 15 minutes from all clients together every further code
 * takes a turn, one per `spacingMs` (one per TOTP step by default), and a code whose turn is more than
 * `maxWaitMs` away is told to come back (429). Unlike the password login no device cookie skips it: a
 * browser gets that cookie with the password alone. After `alertAfter` wrong codes within an hour the
 * account's owner is mailed, once that hour: someone who knows the password is guessing.
 */
export function createCodeGuard(db: Db, limiter: RateLimiter, hourLimiter: RateLimiter, options: Options) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return {
    /** Counts one code on `account` before it is checked (parallel guesses count too) and applies the limits: 429, or a wait. */
    async attempt(account: string, client: LoginClient): Promise<CodeAttempt> {
      const pairKey = `code:pair:${account}:${client.ip}`;
      const accountKey = `code:account:${account}`;
      const counts = await limiter.hit([
        { key: pairKey, max: options.perAccountClient },
        { key: `code:client:${client.ip}`, max: options.perClient },
        { key: accountKey, max: Number.MAX_SAFE_INTEGER },
      ]);
      if ((counts.get(accountKey) ?? 0) > options.slowAfter) {
        const wait = await takeTurn(db, `code:turn:${account}`, options);
        if (wait === null) throw new TooManyRequestsError(Math.ceil(options.spacingMs / 1000));
        if (wait > 0) await sleep(wait);
      }
      return {
        async failed() {
          const failures = (await hourLimiter.hit([{ key: `code:failures:${account}`, max: Number.MAX_SAFE_INTEGER }])).get(`code:failures:${account}`) ?? 0;
          if (failures === options.alertAfter) await options.alert(account, failures);
        },
        async succeeded() {
          await limiter.clear(pairKey);
          await limiter.clear(accountKey);
        },
      };
    },
  };
}
export type CodeGuard = ReturnType<typeof createCodeGuard>;
