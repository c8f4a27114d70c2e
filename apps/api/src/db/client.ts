import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema.ts';
import { migrateJobs } from '../modules/jobs/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Set while a `db.transaction` callback runs (only on a strict pool): the code inside holds a connection. */
const insideTransaction = new AsyncLocalStorage<true>();

/** What a strict pool throws when code inside a transaction asks the pool for a second connection. */
export class PoolInTransactionError extends Error {
  constructor() {
    super('db: a query on the pool (db) inside a db.transaction callback: use the transaction (tx), or run it before or after the transaction');
  }
}

/** At most this many prepared statements per connection; later texts run unnamed (see PreparingClient). */
const PREPARED_PER_CONNECTION = 200;
/** Longer texts run unnamed: a list of thousands of ids is seldom sent twice alike, and the names' cache holds texts. */
const PREPARED_MAX_TEXT = 8_000;
const statementNames = new Map<string, string>();
/** A stable name per statement text: 'p' and a hash of the text (the map is a cache, cleared when it grows large). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 2_000) statementNames.clear();
    name = `p${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A connection that runs every parameterised query as a prepared statement of its own: PostgreSQL parses a text once
 * per connection instead of at every call, and after a few calls plans it once (its plan cache). On this machine's
 * 2 cores that was most of the cost of a console read that makes a dozen small queries. A query that already has a
 * name (graphile-worker's) keeps it; a text without values (BEGIN, a migration) is left alone; past
 * PREPARED_PER_CONNECTION texts (lists of ids of every length) the connection runs them unnamed, and so
 * are texts over PREPARED_MAX_TEXT characters.
 */
class PreparingClient extends pg.Client {
  #prepared = new Set<string>();
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const named = (text: string) => {
      if (text.length > PREPARED_MAX_TEXT) return undefined;
      const name = statementName(text);
      if (!this.#prepared.has(name)) {
        if (this.#prepared.size >= PREPARED_PER_CONNECTION) return undefined;
        this.#prepared.add(name);
      }
      return name;
    };
    if (typeof config === 'string' && Array.isArray(values)) {
      const name = named(config);
      if (name) return (super.query as (...args: unknown[]) => never)({ text: config, values, name }, callback);
    } else if (config && typeof config === 'object' && !('submit' in config)) {
      const query = config as { text?: unknown; name?: unknown; values?: unknown };
      if (typeof query.text === 'string' && query.name === undefined && (Array.isArray(query.values) || Array.isArray(values))) {
        const name = named(query.text);
        if (name) return (super.query as (...args: unknown[]) => never)({ ...query, name }, values, callback);
      }
    }
    return (super.query as (...args: unknown[]) => never)(config, values, callback);
  }
}

/**
 * The connection pool with Drizzle on it. `max` is DATABASE_POOL_SIZE.
 *
 * A transaction holds one connection until it ends. Code inside its callback that asks the pool for
 * another one (a query on `db` instead of `tx`, a service that reads through `db`) waits for a free
 * connection while holding its own: with as many such requests at once as the pool has connections,
 * every one waits for the others and all of them time out. With `strict` (the tests) such a query
 * throws PoolInTransactionError at once, so that a test finds every path that does it.
 */
export function createDb(url: string, max = 10, options: { strict?: boolean; prepared?: boolean } = {}): Db {
  // A server that is gone refuses at once; one that hangs (a stopped process, a full disk) must not
  // hold requests forever: they fail after 5 s and answer 503 (see db/health.ts).
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, ...(options.prepared === false ? {} : { Client: PreparingClient }) });
  pool.on('error', () => {}); // idle clients that lose their server are dropped; the next query connects anew
  const db = drizzle(pool, { schema }) as Db;
  if (options.strict) watchTransactions(db);
  return db;
}

/** Marks the callbacks of `db.transaction` and refuses the pool's connections inside them (see createDb). */
function watchTransactions(db: Db): void {
  const pool = db.$client;
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => transaction((tx) => insideTransaction.run(true, () => run(tx)), config)) as Db['transaction'];
  // pool.query takes its connection through pool.connect too.
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    if (!insideTransaction.getStore()) return connect(callback);
    const error = new PoolInTransactionError();
    if (!callback) return Promise.reject(error);
    queueMicrotask(() => callback(error));
    return undefined;
  }) as typeof pool.connect;
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
