import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import type { TDossierItem } from '@portal/contract';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createTestDatabase, occupantToken, type TestApp } from '../../../test/helpers.ts';
import { BackupError, restoreBackup, writeBackup } from './backup.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');

/** Every table's row count and a digest of its rows, to compare two databases. */
async function fingerprint(url: string, tables: { schema: string; name: string }[]): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string> = {};
    for (const { schema, name } of tables) {
      const { rows: [row] } = await client.query<{ n: string; digest: string | null }>(
        `SELECT count(*)::text AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS digest FROM "${schema}"."${name}" x`,
      );
      out[`${schema}.${name}`] = `${row!.n}:${row!.digest ?? ''}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = fs.readFileSync(full).toString('base64');
  }
  return out;
}

const cli = (args: string[], env: Record<string, string>) =>
  new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    const { DATABASE_URL: _db, PUBLIC_URL: _url, ...base } = process.env;
    execFile(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', ...args], { cwd: root, env: { ...base, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve({ stdout, stderr })));
  });

describe('backup and restore (npm run portal -- backup / restore)', () => {
  let t: TestApp;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-test-'));
  fs.chmodSync(work, 0o711); // as root, the embedded PostgreSQL runs as 'postgres' and must pass through
  const dataDir = path.join(work, 'data');
  const filesDir = path.join(dataDir, 'files');
  const archive = path.join(work, 'backup.tar.gz');

  beforeAll(async () => {
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('restores into an empty database the same residents, entries, files and signed PDFs', async () => {
    const { manifest } = await writeBackup(t.db.$client, filesDir, archive);
    expect(manifest.files.count).toBeGreaterThan(0); // the demo's signed documents, receipts and drawings
    expect(manifest.tables.find((table) => table.name === 'occupants')!.rows).toBeGreaterThan(0);

    const target = await createTestDatabase(); // migrated, without rows
    const restoredFiles = path.join(work, 'restored', 'files');
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    try {
      await restoreBackup(pool, restoredFiles, archive);
      await pool.end();
      expect(await fingerprint(target.url, manifest.tables)).toEqual(await fingerprint(t.databaseUrl, manifest.tables));
      expect(filesUnder(restoredFiles)).toEqual(filesUnder(filesDir));

      // A portal on the restored data: Jan logs in with his password and finds his dossier, its signed PDF included.
      const restored = await createTestApp({ databaseUrl: target.url, seed: false, env: { DATA_DIR: path.join(work, 'restored') } });
      try {
        // Jan's dossier (the demo's signed consent document and receipt among it), each file's bytes.
        const dossier = async (app: TestApp) => {
          const token = await occupantToken(app.app);
          const list = await app.app.inject({ method: 'GET', url: '/api/occupant/dossier', headers: bearer(token) });
          expect(list.statusCode).toBe(200);
          const items = (list.json() as TDossierItem[]).sort((a, b) => a.id - b.id);
          return Promise.all(items.map(async (item) => {
            const file = await app.app.inject({ method: 'GET', url: item.download_url.startsWith('/api') ? item.download_url : `/api${item.download_url}`, headers: bearer(token) });
            expect(file.statusCode).toBe(200);
            return { name: item.name, type: item.type, bytes: file.rawPayload.toString('base64') };
          }));
        };
        const before = await dossier(t);
        expect(before.length).toBeGreaterThan(0);
        expect(await dossier(restored)).toEqual(before);
        // A new row gets a fresh id after the restored sequences (no collision with restored rows).
        const [{ max }] = (await restored.query<{ max: number }>('SELECT max(id)::int AS max FROM occupants')) as [{ max: number }];
        const [{ id }] = (await restored.query<{ id: number }>(
          "INSERT INTO occupants (address_id, first_name, last_name) SELECT address_id, 'Nieuw', 'Lid' FROM occupants LIMIT 1 RETURNING id",
        )) as [{ id: number }];
        expect(id).toBeGreaterThan(max);
      } finally {
        await restored.close();
      }
    } finally {
      await pool.end().catch(() => {});
      await target.drop();
    }
  }, 120_000);

  it('refuses a database that holds rows already, and changes nothing', async () => {
    const before = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM occupants');
    await expect(restoreBackup(t.db.$client, null, archive)).rejects.toThrow(BackupError);
    expect(await t.query('SELECT count(*)::int AS n FROM occupants')).toEqual(before);
  });

  it('refuses a broken archive and an archive that writes outside the files folder, leaving the database empty', async () => {
    const target = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    try {
      const broken = path.join(work, 'broken.tar.gz');
      fs.writeFileSync(broken, 'not a backup');
      await expect(restoreBackup(pool, path.join(work, 'x'), broken)).rejects.toThrow(/cannot be read/);

      // A crafted archive: a valid manifest (this database's migrations) and a file entry ../../escape.
      const { rows } = await pool.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id');
      const crafted = path.join(work, 'crafted.tar.gz');
      const pack = tar.pack();
      const done = pipeline(pack, createGzip(), fs.createWriteStream(crafted));
      pack.entry({ name: 'manifest.json' }, JSON.stringify({
        format: 1, created_at: new Date().toISOString(), migrations: rows.map((r) => r.hash),
        tables: [{ schema: 'public', name: 'customers', columns: ['id', 'name'], rows: 0, file: 'db/public.customers.copy' }],
        sequences: [], files: { storage: 'local', count: 1, bytes: 1 },
      }));
      pack.entry({ name: 'files/../../escape.txt' }, 'x');
      pack.finalize();
      await done;
      await expect(restoreBackup(pool, path.join(work, 'x', 'files'), crafted)).rejects.toThrow(/unsafe file name/);
      expect(fs.existsSync(path.join(work, 'escape.txt'))).toBe(false);
      expect((await pool.query('SELECT count(*)::int AS n FROM customers')).rows[0].n).toBe(0);
    } finally {
      await pool.end();
      await target.drop();
    }
  });

  it('runs as commands: backup of a running portal\'s data, restore into a fresh data folder with its own embedded database', async () => {
    const file = path.join(work, 'cli-backup.tar.gz');
    const made = await cli(['backup', file], { DATA_DIR: dataDir, DATABASE_URL: t.databaseUrl });
    expect(made.stdout.trim()).toBe(file);
    expect(made.stderr).toMatch(/Backup of \d+ tables \(\d+ rows\) and \d+ files/);
    await expect(cli(['backup', file], { DATA_DIR: dataDir, DATABASE_URL: t.databaseUrl })).rejects.toThrow(/exists already/);

    const fresh = path.join(work, 'fresh');
    const restored = await cli(['restore', file], { DATA_DIR: fresh, DATABASE_URL: '' });
    expect(restored.stderr).toMatch(/Restored \d+ rows in \d+ tables and \d+ files/);
    expect(filesUnder(path.join(fresh, 'files'))).toEqual(filesUnder(filesDir));
    // The folder now holds a database: a second restore is refused.
    await expect(cli(['restore', file], { DATA_DIR: fresh, DATABASE_URL: '' })).rejects.toThrow(/holds a database already/);
    // And the restored portal's command-line tool reads the same residents.
    const outbox = await cli(['login-link', '--address', '1234AB10', '--admin', 'beheer@example.nl'], { DATA_DIR: fresh, DATABASE_URL: '', PUBLIC_URL: 'http://localhost:3000' });
    expect(outbox.stdout).toMatch(/\/setlogin\//);
  }, 240_000);
});
