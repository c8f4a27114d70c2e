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

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
  await migrateJobs(db.$client);
}

export { ensureDatabase } from './open.ts';
