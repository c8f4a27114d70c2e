import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDb, ensureDatabase, PoolInTransactionError, runMigrations } from './client.ts';

describe('runMigrations', () => {
  it('lets several processes migrate one empty database at the same moment: each finds it done, none fails', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `${inject('pgTestPrefix')}migrate_${randomBytes(3).toString('hex')}`;
    const url = await ensureDatabase(adminUrl, name); // empty: no template
    const pools = [createDb(url, 2), createDb(url, 2), createDb(url, 2)];
    try {
      const results = await Promise.allSettled(pools.map((db) => runMigrations(db)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const applied = await pools[0]!.$client.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
      const files = (await import('node:fs')).readdirSync(new URL('./migrations', import.meta.url)).filter((f) => f.endsWith('.sql'));
      expect(Number(applied.rows[0]!.n)).toBe(files.length);
    } finally {
      await Promise.all(pools.map((db) => db.$client.end()));
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end());
    }
  });
});

describe('a strict pool (the tests)', () => {
  it('refuses a query on the pool inside a transaction, and takes it on the transaction and after it', async () => {
    const db = createDb(inject('pgAdminUrl'), 2, { strict: true });
    try {
      // Drizzle wraps a failed query's error (its cause); a transaction's own connect is refused as it is.
      await expect(db.transaction(async () => db.execute(sql`SELECT 1`))).rejects.toHaveProperty('cause', expect.any(PoolInTransactionError));
      await expect(db.transaction(async (tx) => db.transaction(async () => tx.execute(sql`SELECT 1`)))).rejects.toBeInstanceOf(PoolInTransactionError);
      const inside = await db.transaction(async (tx) => (await tx.execute<{ n: number }>(sql`SELECT 1 AS n`)).rows[0]!.n);
      expect(inside).toBe(1);
      expect((await db.execute<{ n: number }>(sql`SELECT 2 AS n`)).rows[0]!.n).toBe(2);
      // nothing was held by the refused queries: both connections serve again
      await Promise.all([db.execute(sql`SELECT 1`), db.execute(sql`SELECT 1`), db.execute(sql`SELECT 1`)]);
    } finally {
      await db.$client.end();
    }
  });
});

describe('every parameterised query a prepared statement of its connection', () => {
  it('parses a text once per connection, keeps working after a failed call and in a transaction, and leaves long texts unnamed', async () => {
    const db = createDb(inject('pgAdminUrl'), 1);
    const prepared = async () => (await db.execute<{ statement: string }>(sql`SELECT statement FROM pg_prepared_statements`)).rows.map((r) => r.statement);
    try {
      const marker = `prep_${randomBytes(3).toString('hex')}`;
      const read = (value: string) => db.execute<{ n: number }>(sql`SELECT ${value}::int AS n, ${marker}::text AS marker`);
      expect((await read('1')).rows[0]!.n).toBe(1);
      expect((await read('2')).rows[0]!.n).toBe(2);
      const mine = (await prepared()).filter((text) => text.includes('AS marker'));
      expect(mine).toHaveLength(1); // two calls, one statement on the (only) connection

      // A value the statement refuses fails that call only; the same statement serves the next one.
      await expect(read('geen getal')).rejects.toBeTruthy();
      expect((await read('3')).rows[0]!.n).toBe(3);
      const inside = await db.transaction(async (tx) => (await tx.execute<{ n: number }>(sql`SELECT ${'4'}::int AS n, ${marker}::text AS marker`)).rows[0]!.n);
      expect(inside).toBe(4);

      // A long list of ids: not kept as a statement.
      const ids = Array.from({ length: 2_000 }, (_, i) => i);
      const long = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM unnest(ARRAY[${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)}]) AS x`);
      expect(long.rows[0]!.n).toBe(2_000);
      expect((await prepared()).some((text) => text.includes('unnest(ARRAY['))).toBe(false);
    } finally {
      await db.$client.end();
    }
  });

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=false (a pooler that cannot keep them)', async () => {
    const db = createDb(inject('pgAdminUrl'), 1, { prepared: false });
    try {
      for (const n of [1, 2]) await db.execute(sql`SELECT ${n}::int AS n`);
      expect((await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_prepared_statements`)).rows[0]!.n).toBe(0);
    } finally {
      await db.$client.end();
    }
  });
});
