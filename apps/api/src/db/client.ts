import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema.ts';
import { migrateJobs } from '../modules/jobs/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function createDb(url: string, max = 10): Db {
  // A server that is gone refuses at once; one that hangs (a stopped process, a full disk) must not
  // hold requests forever: they fail after 5 s and answer 503 (see db/health.ts).
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {}); // idle clients that lose their server are dropped; the next query connects anew
  return drizzle(pool, { schema }) as Db;
}

/** Any fixed number: the advisory lock that lets one process at a time migrate a database. */
const MIGRATION_LOCK = 7_220_003;

/**
 * Applies pending migrations. Several processes starting together on one database (a deploy of N
 * portals) take turns through a session-level advisory lock held on a client of its own, while the
 * migrations run on the pool's other connections: the second process finds them applied.
 */
export async function runMigrations(db: Db): Promise<void> {
  const lock = await db.$client.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
    await migrateJobs(db.$client);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}

export { ensureDatabase } from './open.ts';
