import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { rateLimits } from './auth.table.ts';

/**
 * Fixed-window counters in PostgreSQL, so that every server process counts together.
 * `hit` counts one attempt under each key and refuses (429) when any key is over its limit.
 */
export function createRateLimiter(db: Db, windowSeconds = 15 * 60) {
  return {
    async hit(limits: Array<{ key: string; max: number }>): Promise<void> {
      for (const { key, max } of limits) {
        const result = await db.execute<{ count: number; reset_at: Date }>(sql`
          INSERT INTO ${rateLimits} (key, count, reset_at)
          VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
          ON CONFLICT (key) DO UPDATE SET
            count = CASE WHEN ${rateLimits.resetAt} < now() THEN 1 ELSE ${rateLimits.count} + 1 END,
            reset_at = CASE WHEN ${rateLimits.resetAt} < now() THEN EXCLUDED.reset_at ELSE ${rateLimits.resetAt} END
          RETURNING count, reset_at`);
        const row = result.rows[0];
        if (row && row.count > max) {
          const retryAfter = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
          throw new TooManyRequestsError(retryAfter);
        }
      }
    },
    /** A successful login clears the account's counter. */
    async clear(key: string): Promise<void> {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
