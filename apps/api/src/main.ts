import { openDatabase } from './db/open.ts';
import { loadEnv } from './plugins/env.ts';

const startedAt = performance.now();
const env = loadEnv();
const say = (msg: string) => console.log(`[portal] ${msg}`);

// The PostgreSQL server starts in its own process while this one loads the rest of the server's code.
const databaseOpening = openDatabase(env, say);
const [database, { connectRuntime }, { buildApp }, { seedDemo }] = await Promise.all([
  databaseOpening,
  import('./runtime.ts'),
  import('./app.ts'),
  import('./demo/seed.ts'),
]).catch(async (error) => {
  await databaseOpening.then((db) => db.stop()).catch(() => {});
  throw error;
});
const runtime = await connectRuntime(database, env, say);
if (env.SEED_DEMO && (await seedDemo(runtime.services))) say('Demo data created (logins: see README).');

const app = await buildApp(runtime.services);
let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  say(`${signal}: stopping`);
  await app.close().catch(() => {});
  await runtime.close().catch((error) => say(`stopping the database failed: ${String(error)}`));
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (error) {
  say(`Cannot listen on port ${env.PORT}: ${String(error)}`);
  await runtime.close();
  process.exit(1);
}
say(`Portal ready on ${env.publicUrl} in ${Math.round(performance.now() - startedAt)} ms (database: ${env.DATABASE_URL ? 'DATABASE_URL' : `embedded, ${env.dataDir}`})`);
