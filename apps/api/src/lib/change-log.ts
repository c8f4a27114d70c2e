import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/**
 * A change log of projects: an insert-only table (id bigserial, project_id, at) that triggers append a row to, naming
 * the project, for every write that can change what a cache of the project's reads holds (consent_tally_changes for
 * the consent tally, migration 0026; project_changes for the console's overview and planner, migration 0043). So also
 * raw SQL and other server processes make a cached result stale. Writers only insert, so they never wait on each other.
 *
 * - The fingerprint of a project is the count AND the max id of its rows: a sequence value taken by a transaction that
 *   commits later is lower than one already visible, so the max alone could miss that commit; the count not.
 * - A result is stored with the fingerprint read BEFORE it was computed and used only while the fingerprint is the
 *   same: a commit during the computation changes it, so at worst a fresh result is thrown away, never a stale one kept.
 * - The sweep deletes rows older than 10 minutes but the newest per project. A deletion alone could be undone in the
 *   count: the sweep deletes one row, then a transaction that took a lower id before the sweep commits, and count and
 *   max are the old ones again. So the sweep first locks the table against inserts (it waits for the inserting
 *   transactions to end: no id taken before it is still to commit), and adds a row for each project it swept: every
 *   fingerprint after the sweep has a higher max than any before it. Between sweeps rows are only added, so the count
 *   alone tells every commit.
 */
export type ChangeLogTable = 'consent_tally_changes' | 'project_changes';

/** A change log's table (the schema of each log is this; its triggers are in its migration). */
export const changeLogTable = <N extends ChangeLogTable>(name: N) => pgTable(
  name,
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: integer('project_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index(`${name}_project_idx`).on(t.projectId, t.id)],
);

/** A sweep that deleted at least this many rows vacuums the log at once. */
const SWEEP_VACUUM_ROWS = 1_000;

export function changeLog(db: Db, table: ChangeLogTable) {
  const name = sql.identifier(table);
  const fingerprintQuery = `SELECT count(*) AS count, max(id) AS max FROM ${table} WHERE project_id = $1`;
  return {
    /** The project's fingerprint: changes with every commit that appended a row for it (see above). */
    async fingerprint(projectId: number): Promise<string> {
      const { rows: [row] } = await db.$client.query<{ count: string; max: string | null }>(fingerprintQuery, [projectId]);
      return `${row!.count}:${row!.max ?? ''}`;
    },

    /**
     * The sweep job's part: drops the rows older than 10 minutes but the newest per project, and adds one row for each
     * project it swept. It waits at most 2 s for the writers that are inserting (a long import): else it is left to the
     * next sweep, so writers never queue behind it for long.
     */
    async sweep(): Promise<void> {
      try {
        const swept = await db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL lock_timeout = '2s'`);
          await tx.execute(sql`LOCK TABLE ${name} IN SHARE ROW EXCLUSIVE MODE`);
          const { rows } = await tx.execute<{ gone: number }>(sql`
            WITH gone AS (
              DELETE FROM ${name} c
               WHERE c.at < now() - interval '10 minutes'
                 AND c.id < (SELECT max(n.id) FROM ${name} n WHERE n.project_id = c.project_id)
              RETURNING c.project_id),
            added AS (INSERT INTO ${name} (project_id) SELECT DISTINCT project_id FROM gone RETURNING 1)
            SELECT (SELECT count(*) FROM gone)::int AS gone`);
          return rows[0]?.gone ?? 0;
        });
        // Every cached read counts a project's rows (the fingerprint): the rows deleted by a large sweep (an import, a busy
        // day) would be walked as dead rows until autovacuum comes by; the small table is vacuumed now.
        if (swept >= SWEEP_VACUUM_ROWS) await db.$client.query(`VACUUM (ANALYZE) ${table}`);
      } catch (error) {
        const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        if (code !== '55P03') throw error; // lock_not_available
      }
    },
  };
}
export type ChangeLog = ReturnType<typeof changeLog>;

/**
 * Results of a project's reads kept against a change log: a result is used while the project's fingerprint is the one
 * read before it was computed, and for at most `maxAgeMs` (what changes by the clock alone, with no write). At most
 * `size` results, the oldest evicted first. Results are shared between callers: treat them as read-only.
 */
export function createProjectReadCache(log: ChangeLog, { size, maxAgeMs }: { size: number; maxAgeMs: number }) {
  const cache = new Map<string, { fingerprint: string; at: number; value: unknown }>();
  return {
    async read<T>(projectId: number, key: string, compute: () => Promise<T>): Promise<T> {
      const full = `${projectId}:${key}`;
      const at = Date.now();
      const fingerprint = await log.fingerprint(projectId);
      const hit = cache.get(full);
      if (hit && hit.fingerprint === fingerprint && at - hit.at < maxAgeMs) return hit.value as T;
      const value = await compute();
      cache.delete(full);
      cache.set(full, { fingerprint, at, value });
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return value;
    },
  };
}
