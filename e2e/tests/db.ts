import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { MailCatcher } from './fixtures';

/**
 * SQL on the database of the portal the suite runs, for set-up that no route offers (dozens of news
 * articles, a long conversation): its embedded PostgreSQL in DATA_DIR (e2e/server.ts), reached as
 * the operator's command-line tool reaches it: the port from pg/postmaster.pid (line 4) and the
 * password from pg-password.
 */
export async function withDatabase<T>(mail: MailCatcher, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const { dataDir } = await mail.info();
  const port = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'portal', password, database: 'portal' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
