import type { FastifyInstance } from 'fastify';
import { StartupError } from './db/embedded.ts';
import { openDatabase } from './db/open.ts';
import { describeProviders, loadEnv, type Env } from './plugins/env.ts';
import { writeRunningUrl } from './lib/running-url.ts';
import type { OpenDatabase, Runtime } from './runtime.ts';

const startedAt = performance.now();
const say = (msg: string) => console.log(`[portal] ${msg}`);
/** However stuck the database is, the process ends this long after SIGTERM/SIGINT. */
const STOP_DEADLINE_MS = 20_000;

/** A start-up problem: one line saying what to change (StartupError), else the error without secrets; exit 1. */
async function fail(error: unknown): Promise<never> {
  if (error instanceof StartupError) {
    console.error(`[portal] ${error.message}`);
  } else {
    const { describeError, serializeError } = await import('./lib/logging.ts');
    const serialized = serializeError(error);
    const stack = typeof serialized === 'string' ? '' : (serialized.stack ?? '').split('\n').slice(1).join('\n');
    console.error(`[portal] Start-up failed: ${describeError(error)}${stack ? `\n${stack}` : ''}`);
  }
  process.exit(1);
}

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  console.error(`[portal] ${(error as Error).message}`);
  process.exit(1);
}

// The PostgreSQL server starts in its own process while this one loads the rest of the server's code.
const databaseOpening = openDatabase(env, say);
databaseOpening.catch(() => {}); // reported below

let stopping = false;
let database: OpenDatabase | undefined;
let runtime: Runtime | undefined;
let app: FastifyInstance | undefined;

/**
 * SIGTERM/SIGINT: stop serving, close the pool and stop PostgreSQL, each step bounded, so that the
 * process ends even when the database is gone or hangs (then its server is killed). A second signal
 * ends the process at once.
 */
const shutdown = async (signal: NodeJS.Signals) => {
  if (stopping) {
    say(`${signal} again: ending now.`);
    database?.kill();
    process.exit(1);
  }
  stopping = true;
  say(`${signal}: stopping`);
  setTimeout(() => {
    say(`Stopping took longer than ${STOP_DEADLINE_MS / 1000} s; ending now.`);
    database?.kill();
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  if (app) {
    const closing = app.close().catch(() => {});
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }
  if (runtime) await runtime.close();
  else await databaseOpening.then((db) => db.stop(), () => {}); // still starting: stop what was started
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/** While stopping, start-up goes no further (the shutdown above ends the process). */
const unlessStopping = async () => {
  if (stopping) await new Promise(() => {});
};

try {
  const [opened, { connectRuntime }, { buildApp }, { seedDemo }] = await Promise.all([
    databaseOpening,
    import('./runtime.ts'),
    import('./app.ts'),
    import('./demo/seed.ts'),
  ]);
  database = opened;
  await unlessStopping();
  runtime = await connectRuntime(database, env, say);
  await unlessStopping();
  if (env.SEED_DEMO && (await seedDemo(runtime.services))) say('Demo data created (logins: see README).');
  app = await buildApp(runtime.services);
} catch (error) {
  await unlessStopping();
  if (!runtime) await databaseOpening.then((db) => db.stop(), () => {});
  else await runtime.close();
  await fail(error);
}

try {
  await app!.listen({ port: env.PORT, host: env.HOST });
} catch (error) {
  await unlessStopping();
  say(`Cannot listen on port ${env.PORT}: ${String(error)}`);
  await runtime!.close();
  process.exit(1);
}
// The CLI's links use this address (PUBLIC_URL, else this process's port).
const address = app!.server.address();
const runningUrl = env.PUBLIC_URL ? env.publicUrl : `http://localhost:${typeof address === 'object' && address ? address.port : env.PORT}`;
writeRunningUrl(env.dataDir, runningUrl);
say(describeProviders(env));
say(`Portal ready on ${runningUrl} in ${Math.round(performance.now() - startedAt)} ms (database: ${env.DATABASE_URL ? 'DATABASE_URL' : `embedded, ${env.dataDir}`})`);
