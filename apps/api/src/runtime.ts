import { createDb, runMigrations, type Db } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { createInvalidationBus } from './lib/invalidation.ts';
import type { Env } from './plugins/env.ts';
import { createServices, type Services } from './services.ts';

export { openDatabase };

export type Runtime = { services: Services; db: Db; close: () => Promise<void> };

export type OpenDatabase = Awaited<ReturnType<typeof openDatabase>>;

export async function startRuntime(env: Env, log: (msg: string) => void, options: { reuseRunning?: boolean; poolSize?: number } = {}): Promise<Runtime> {
  return connectRuntime(await openDatabase(env, log, options), env, log, options);
}

/** Migrates the opened database and wires the services on it. */
export async function connectRuntime(database: OpenDatabase, env: Env, log: (msg: string) => void, options: { poolSize?: number } = {}): Promise<Runtime> {
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
