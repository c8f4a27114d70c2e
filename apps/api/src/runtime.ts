import { createDb, runMigrations, type Db } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { createInvalidationBus } from './lib/invalidation.ts';
import { describeError } from './lib/logging.ts';
import type { Env } from './plugins/env.ts';
import { createJobQueue, startWorker } from './modules/jobs/index.ts';
import { createServices, jobHandlers, type Services } from './services.ts';

export { openDatabase };

export type Runtime = { services: Services; db: Db; close: () => Promise<void> };

export type OpenDatabase = Awaited<ReturnType<typeof openDatabase>>;

export async function startRuntime(env: Env, log: (msg: string) => void, options: { reuseRunning?: boolean; poolSize?: number; worker?: boolean } = {}): Promise<Runtime> {
  return connectRuntime(await openDatabase(env, log, options), env, log, options);
}

/** Migrates the opened database and wires the services on it. */
export async function connectRuntime(database: OpenDatabase, env: Env, log: (msg: string) => void, options: { poolSize?: number; worker?: boolean } = {}): Promise<Runtime> {
  // In the tests a query on the pool inside a transaction throws, so that none stays unnoticed (db/client.ts).
  const db = createDb(database.url, options.poolSize ?? env.DATABASE_POOL_SIZE, { strict: env.NODE_ENV === 'test', prepared: env.DATABASE_PREPARED_STATEMENTS });
  try {
    await runMigrations(db);
    const bus = await createInvalidationBus(database.url, db.$client);
    const services = createServices({ db, bus, env, jobs: createJobQueue(db), log: (error, msg) => log(`${msg}: ${describeError(error)}`) });
    // The job worker runs in every portal process (jobs are claimed with SKIP LOCKED); the CLI runs none.
    const worker = options.worker === false ? null : await startWorker(db.$client, jobHandlers(services), log);
    return {
      services,
      db,
      close: async () => {
        // Each step is bounded: a database that is gone or hangs must not keep the process from ending.
        await settle(worker?.stop(), 5_000, 'the job worker', log);
        await settle(bus.close(), 2_000, 'the invalidation listener', log);
        await settle(db.$client.end(), 2_000, 'the connection pool', log);
        await database.stop(); // bounded itself
      },
    };
  } catch (error) {
    await db.$client.end().catch(() => {});
    await database.stop();
    throw error;
  }
}

/** Waits for `work` at most `ms`; a failure or a time-out is logged, never thrown (used while closing). */
async function settle(work: Promise<unknown> | undefined, ms: number, what: string, log: (msg: string) => void): Promise<void> {
  if (!work) return;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    work.then(() => 'done', (error: unknown) => `failed: ${describeError(error)}`),
    new Promise<string>((resolve) => { timer = setTimeout(() => resolve(`did not finish within ${ms / 1000} s`), ms); }),
  ]);
  clearTimeout(timer);
  if (outcome !== 'done') log(`Stopping ${what} ${outcome}; going on.`);
}
