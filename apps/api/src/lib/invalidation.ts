import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

/**
 * Cache invalidation across server processes: a change is announced with PostgreSQL NOTIFY and every
 * process (this one included) drops what it cached. When the listening connection is lost, every
 * cache is cleared, since notices may have been missed.
 */
/** A transaction (or anything else) that runs a query: a notice sent on it leaves when it commits. */
export type NoticeSender = { execute(query: SQL): Promise<unknown> };

export type InvalidationBus = {
  /**
   * Drops `key` of `topic` here at once and in the other processes through NOTIFY. Inside a transaction pass
   * it as `tx`: the notice then goes on its connection (PostgreSQL delivers it at commit), never on a
   * second connection of the pool while the transaction holds one.
   */
  publish(topic: string, key: string | number, tx?: NoticeSender): Promise<void>;
  subscribe(topic: string, onKey: (key: string) => void, onReset: () => void): void;
  close(): Promise<void>;
};

const CHANNEL = 'portal_invalidate';

export async function createInvalidationBus(url: string, pool: pg.Pool): Promise<InvalidationBus> {
  const handlers = new Map<string, Array<{ onKey: (key: string) => void; onReset: () => void }>>();
  // Each bus tags its notices, so it skips the echo of what it already applied itself.
  const origin = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;

  const resetAll = () => handlers.forEach((list) => list.forEach((h) => h.onReset()));

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (!msg.payload) return;
      const [sender, topic, ...rest] = msg.payload.split(':');
      if (sender === origin || !topic) return;
      const key = rest.join(':');
      handlers.get(topic)?.forEach((h) => h.onKey(key));
    });
    next.on('error', () => {});
    next.on('end', () => {
      resetAll();
      if (!closed) setTimeout(() => void connect().catch(() => {}), 500).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
    resetAll();
  };
  await connect();

  return {
    async publish(topic, key, tx) {
      handlers.get(topic)?.forEach((h) => h.onKey(String(key))); // this process sees it at once
      const payload = `${origin}:${topic}:${key}`;
      if (tx) await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
      else await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe(topic, onKey, onReset) {
      const list = handlers.get(topic) ?? [];
      list.push({ onKey, onReset });
      handlers.set(topic, list);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}

/** A read-through memory cache whose entries the bus can drop by key. */
export function createCache<V>(bus: InvalidationBus, topic: string, options: { maxEntries?: number } = {}) {
  const entries = new Map<string, V>();
  const max = options.maxEntries ?? 50_000;
  // Bumped by every invalidation, so a load that raced with one is not stored.
  let generation = 0;
  bus.subscribe(
    topic,
    (key) => { generation++; if (key === '*') entries.clear(); else entries.delete(key); },
    () => { generation++; entries.clear(); },
  );
  return {
    async get(key: string | number, load: () => Promise<V>): Promise<V> {
      const k = String(key);
      const hit = entries.get(k);
      if (hit !== undefined) return hit;
      const startedAt = generation;
      const value = await load();
      if (startedAt !== generation) return value;
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(k, value);
      return value;
    },
    delete(key: string | number) {
      entries.delete(String(key));
    },
    /** Drops `key` in every process; '*' drops everything. */
    invalidate(key: string | number = '*') {
      return bus.publish(topic, key);
    },
  };
}
