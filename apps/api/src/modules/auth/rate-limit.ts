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
    /** Counts one attempt under every key; answers the counts (key -> attempts in the window). */
    async hit(limits: Array<{ key: string; max: number }>): Promise<Map<string, number>> {
      if (!limits.length) return new Map();
      const maxByKey = new Map(limits.map(({ key, max }) => [key, max]));
      // One statement counts the attempt under every key (one round trip per request).
      const values = [...maxByKey.keys()].map((key) => sql`(${key}, 1, now() + make_interval(secs => ${windowSeconds}))`);
      const result = await db.execute<{ key: string; count: number; reset_at: Date }>(sql`
        INSERT INTO ${rateLimits} (key, count, reset_at)
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN ${rateLimits.resetAt} < now() THEN 1 ELSE ${rateLimits.count} + 1 END,
          reset_at = CASE WHEN ${rateLimits.resetAt} < now() THEN EXCLUDED.reset_at ELSE ${rateLimits.resetAt} END
        RETURNING key, count, reset_at`);
      const over = result.rows.filter((row) => row.count > (maxByKey.get(row.key) ?? Infinity));
      if (over.length) {
        const resetAt = Math.max(...over.map((row) => new Date(row.reset_at).getTime()));
        throw new TooManyRequestsError(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
      }
      return new Map(result.rows.map((row) => [row.key, Number(row.count)]));
    },
    /** Like `hit`, but answers false instead of refusing: for work that is skipped, not refused, when over its limit. */
    async tryHit(limits: Array<{ key: string; max: number }>): Promise<boolean> {
      try {
        await this.hit(limits);
        return true;
      } catch (error) {
        if (error instanceof TooManyRequestsError) return false;
        throw error;
      }
    },
    /** A successful login clears the account's counter. */
    async clear(key: string): Promise<void> {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
