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

/**
 * A choice form of a spec's own: a copy of the form `sourceId` (the demo kitchen's questions and prices) named
 * `name`, with online payment and no signatures. An earlier copy of that name goes first, with its payments.
 */
export async function copyChoiceForm(mail: MailCatcher, sourceId: number, name: string, position: number): Promise<number> {
  return withDatabase(mail, async (db) => {
    await db.query('DELETE FROM payments WHERE form_id IN (SELECT id FROM forms WHERE name = $1)', [name]);
    await db.query('DELETE FROM forms WHERE name = $1', [name]);
    return (await db.query<{ id: number }>(
      `INSERT INTO forms (project_id, kind, name, definition, enable_payment, require_to_sign_form, position)
       SELECT project_id, 'choice', $2, definition, true, false, $3 FROM forms WHERE id = $1 RETURNING id`,
      [sourceId, name, position],
    )).rows[0]!.id;
  });
}

/**
 * Runs `run` and then takes away the planning read marks it left for Jan (1234AB 10): opening the planning marks all
 * of it read, and other specs count Jan's new planning items on his dashboard.
 */
export async function keepingJansPlanningNew<T>(mail: MailCatcher, run: () => Promise<T>): Promise<T> {
  const jan = "module = 'schedule' AND address_id = (SELECT id FROM addresses WHERE zipcode = '1234AB' AND house_number = '10')";
  const marked = await withDatabase(mail, (db) => db.query<{ item_id: number }>(`SELECT item_id FROM content_reads WHERE ${jan}`)).then((r) => r.rows.map((row) => row.item_id));
  try {
    return await run();
  } finally {
    await withDatabase(mail, (db) => db.query(`DELETE FROM content_reads WHERE ${jan} AND NOT (item_id = ANY($1::int[]))`, [marked]));
  }
}
