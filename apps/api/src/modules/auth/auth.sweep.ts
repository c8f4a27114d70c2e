import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTickets, rateLimits, sessions } from './auth.table.ts';

/**
 * The sweep job's part for accounts: rate-limit windows that ended, tickets and sessions that
 * expired or were used or revoked more than a day ago. Returns the number of rows removed.
 */
export async function sweepExpiredAuthRows(db: Db): Promise<number> {
  const limits = await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`).returning({ key: rateLimits.key });
  const tickets = await db.delete(authTickets)
    .where(sql`${authTickets.expiresAt} < now() - interval '1 day' OR ${authTickets.usedAt} < now() - interval '1 day'`)
    .returning({ id: authTickets.id });
  const ended = await db.delete(sessions)
    .where(sql`${sessions.expiresAt} < now() - interval '1 day' OR ${sessions.revokedAt} < now() - interval '1 day'`)
    .returning({ id: sessions.id });
  return limits.length + tickets.length + ended.length;
}
