import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, ensureDatabase, runMigrations } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL on the test server with the right to create and drop databases. */
    pgAdminUrl: string;
    /** The migrated template database; every test file copies it. */
    pgTemplate: string;
    /** Prefix of this run's per-file databases, so that teardown can drop any a crashed file left. */
    pgTestPrefix: string;
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * One PostgreSQL server per test run: the one in TEST_DATABASE_URL, or an embedded server in a fresh
 * temp folder. The real migrations run once on a template database that every test file copies.
 */
export default async function setup(project: TestProject) {
  let stopServer = async () => {};
  let tempDir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-api-test-'));
    const server = await startEmbeddedPostgres(path.join(tempDir, 'pg'), {
      log: (msg) => { if (msg.startsWith('postgres:')) console.error(`[test-db] ${msg}`); },
    });
    adminUrl = server.url;
    stopServer = server.stop;
  }

  const runId = `${process.pid}_${Date.now()}`;
  const template = `portal_tpl_${runId}`;
  const testPrefix = `portal_test_${runId}_`;
  try {
    const templateUrl = await ensureDatabase(adminUrl, template);
    const db = createDb(templateUrl, 2); // runMigrations holds its lock on one client and migrates on another
    try {
      await runMigrations(db);
    } finally {
      await db.$client.end();
    }
  } catch (error) {
    await stopServer();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('pgTestPrefix', testPrefix);

  return async () => {
    try {
      await withAdmin(adminUrl, async (client) => {
        const left = await client.query<{ datname: string }>(
          "SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $2)", [template, testPrefix],
        );
        for (const { datname } of left.rows) await client.query(`DROP DATABASE IF EXISTS ${ident(datname)} WITH (FORCE)`);
      });
    } finally {
      await stopServer();
      if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
    }
  };
}
