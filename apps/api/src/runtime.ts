import fs from 'node:fs';
import path from 'node:path';
import { createDb, ensureDatabase, runMigrations, type Db } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { createInvalidationBus } from './lib/invalidation.ts';
import type { Env } from './plugins/env.ts';
import { createServices, type Services } from './services.ts';

const DATABASE_NAME = 'portal';

export type Runtime = { services: Services; db: Db; close: () => Promise<void> };

/** The running embedded server's port, read from its postmaster.pid (line 4), if one runs. */
function runningEmbeddedPort(pgDir: string): number | null {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    process.kill(pid, 0);
    return Number(lines[3]) || null;
  } catch {
    return null;
  }
}

/**
 * Connects to PostgreSQL: the server in DATABASE_URL, or an embedded one with its data in DATA_DIR.
 * `reuseRunning` lets a command-line tool talk to the embedded server of a running portal.
 */
export async function openDatabase(env: Env, log: (msg: string) => void, options: { reuseRunning?: boolean } = {}) {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };
  const pgDir = path.join(env.dataDir, 'pg');
  const port = options.reuseRunning ? runningEmbeddedPort(pgDir) : null;
  if (port) {
    const adminUrl = `postgres://portal:portal@127.0.0.1:${port}/postgres`;
    return { url: await ensureDatabase(adminUrl, DATABASE_NAME), stop: async () => {} };
  }
  const server = await startEmbeddedPostgres(pgDir, { port: env.EMBEDDED_PG_PORT, log });
  try {
    return { url: await ensureDatabase(server.url, DATABASE_NAME), stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export async function startRuntime(env: Env, log: (msg: string) => void, options: { reuseRunning?: boolean; poolSize?: number } = {}): Promise<Runtime> {
  const database = await openDatabase(env, log, options);
  const db = createDb(database.url, options.poolSize ?? 10);
  try {
    await runMigrations(db);
    const bus = await createInvalidationBus(database.url, db.$client);
    const services = createServices({ db, bus, env, log: (error, msg) => log(`${msg}: ${String(error)}`) });
    return {
      services,
      db,
      close: async () => {
        await bus.close();
        await db.$client.end();
        await database.stop();
      },
    };
  } catch (error) {
    await db.$client.end().catch(() => {});
    await database.stop();
    throw error;
  }
}
