/**
 * Script tests: the real server (`node --import tsx apps/api/src/main.ts`, as `npm start` runs it) in a
 * fresh DATA_DIR made by mkdtemp (mode 0700), as the current user (root on the build machines), with its
 * own embedded PostgreSQL. They cover start-up, the database password, a database that dies under the
 * running app, and stopping while the database is broken. Each server start costs a few seconds, so
 * one server serves several checks in order.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/demo/seed.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { freePort, polling, startServer, stopServers, waitFor, waitUntilReady, type Server } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const isRoot = process.getuid?.() === 0;
const temps: string[] = [];

afterAll(async () => {
  await stopServers();
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-startup-test-'));
  temps.push(dir);
  return dir;
}

/** The exit of a server that was sent SIGTERM, which must come within `ms` (a generous bound, not a timing claim). */
async function exitWithin(server: Server, ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([server.exited, new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), ms); })]);
  clearTimeout(timer);
  if (!result) throw new Error(`The server did not exit within ${ms} ms after SIGTERM:\n${server.output()}`);
  return result;
}

/** postmaster.pid: pid, data folder, start time, port, socket folder, listen address, shared memory, status. */
function postmaster(pgDir: string) {
  const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]), socketDir: lines[4]?.trim() ?? '', listen: lines[5]?.trim() ?? '' };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A process and all its descendants (from /proc). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const all: number[] = [];
  const walk = (p: number) => {
    all.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return all;
}

/** Processes whose command line names `dir` (a postmaster started with -D dir). */
function processesNaming(dir: string): number[] {
  return fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).filter((entry) => {
    try {
      return fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(dir);
    } catch {
      return false;
    }
  }).map(Number);
}

async function tryConnect(port: number, password: string): Promise<string> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'portal', password, database: 'postgres', connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'connected';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

async function loginStatus(server: Server): Promise<number> {
  const res = await fetch(`${server.base}/api/public/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ zipcode: '1234AB', house_number: '10', password: DEMO.residentPassword, language: 'nl' }),
    signal: AbortSignal.timeout(15_000),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Waits until the process and every process it had are gone, and no postmaster runs on `pgDir`. */
async function expectNoPostgres(pids: number[], pgDir: string): Promise<void> {
  await waitFor('the PostgreSQL processes to end', async () => (pids.some(isAlive) || processesNaming(pgDir).length ? undefined : true), 20_000);
}

describe('the real server in a fresh DATA_DIR (mode 0700)', () => {
  const dataDir = tempDir();
  const pgDir = path.join(dataDir, 'pg');
  let server: Server;

  it('starts, also over an empty pg/ folder that an earlier failed start left behind, and answers /api/polling', async () => {
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    fs.mkdirSync(pgDir, { mode: 0o700 });
    server = startServer(dataDir, await freePort());
    await waitUntilReady(server);
    expect(fs.existsSync(path.join(pgDir, 'PG_VERSION'))).toBe(true);
    // Nobody but the portal's user (and, as root, PostgreSQL's own user, which may only pass through) gains access.
    expect(fs.statSync(dataDir).mode & 0o007).toBe(0);
    // With the demo data the local payment and signing providers are used, and the log says so.
    await waitFor('the providers in the log', async () => (server.output().includes('Providers: ') ? true : undefined), 10_000);
    expect(server.output()).toContain("Providers: payment local test checkout (no real money); signing local sign page (the portal's own)");
  }, 120_000);

  it('keeps a random database password in DATA_DIR/pg-password (mode 0600), never prints it, and refuses portal/portal', async () => {
    const file = path.join(dataDir, 'pg-password');
    const stat = fs.statSync(file);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(stat.uid).toBe(process.getuid!());
    const password = fs.readFileSync(file, 'utf8').trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{32,}$/);

    const { port, listen } = postmaster(pgDir);
    expect(listen).toBe('127.0.0.1');
    expect(await tryConnect(port, 'portal')).toBe('28P01'); // invalid_password
    expect(await tryConnect(port, password)).toBe('connected');
    expect(server.output()).not.toContain(password);
  }, 30_000);

  it("lets the command-line tool print links on the running portal's address (no PUBLIC_URL given to the tool)", async () => {
    expect(fs.readFileSync(path.join(dataDir, 'portal-url'), 'utf8').trim()).toBe(server.base);
    const { execFile } = await import('node:child_process');
    const { PUBLIC_URL: _ignored, PORT: _port, ...env } = process.env;
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', 'login-link', '--address', '1234AB10'],
        { cwd: root, env: { ...env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 60_000 },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)));
    });
    expect(stdout.trim()).toMatch(new RegExp(`^${server.base.replace(/[.]/g, '\\.')}/setlogin/`));
  }, 60_000);

  it('answers 503 on /api/polling while its PostgreSQL is gone, starts it again, and then works as before', async () => {
    const { pid } = postmaster(pgDir);
    process.kill(pid, 'SIGKILL');
    await waitFor('/api/polling to answer 503', async () => ((await polling(server)) === 503 ? true : undefined), 30_000);
    // While the database is away, a call that needs it answers 503 (the web then keeps the user logged in), not 500.
    expect([200, 503]).toContain(await loginStatus(server));
    await waitFor('/api/polling to answer 200 again', async () => ((await polling(server)) === 200 ? true : undefined), 60_000);
    await waitFor('a login to work again', async () => ((await loginStatus(server)) === 200 ? true : undefined), 30_000);
    expect(postmaster(pgDir).pid).not.toBe(pid);
    expect(server.output()).not.toContain(fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim());
  }, 120_000);

  it('stops on SIGTERM while its database is down, and leaves no PostgreSQL process behind', async () => {
    const { pid } = postmaster(pgDir);
    const pids = processTree(server.child.pid!);
    expect(pids).toContain(pid);
    process.kill(pid, 'SIGKILL');
    server.child.kill('SIGTERM');
    const { code } = await exitWithin(server, 30_000);
    expect([0, 1]).toContain(code);
    await expectNoPostgres(pids, pgDir);
  }, 60_000);
});

describe('a data folder made before the password file existed (superuser password portal)', () => {
  it('keeps working: the password becomes a random one in pg-password; SIGTERM stops the app even when PostgreSQL hangs', async () => {
    const dataDir = tempDir();
    const pgDir = path.join(dataDir, 'pg');
    const old = await startEmbeddedPostgres(pgDir);
    try {
      const client = new pg.Client({ connectionString: old.url });
      await client.connect();
      await client.query("ALTER ROLE portal PASSWORD 'portal'");
      await client.end();
    } finally {
      await old.stop();
    }
    fs.rmSync(path.join(dataDir, 'pg-password'));

    const server = startServer(dataDir, await freePort());
    await waitUntilReady(server);
    const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(fs.statSync(path.join(dataDir, 'pg-password')).mode & 0o777).toBe(0o600);
    const { pid, port } = postmaster(pgDir);
    expect(await tryConnect(port, 'portal')).toBe('28P01');
    expect(await tryConnect(port, password)).toBe('connected');
    expect(server.output()).not.toContain(password);

    // A PostgreSQL that no longer reacts (stopped): the app still ends, and takes the server with it.
    const pids = processTree(server.child.pid!);
    process.kill(pid, 'SIGSTOP');
    server.child.kill('SIGTERM');
    const { code } = await exitWithin(server, 40_000);
    expect([0, 1]).toContain(code);
    await expectNoPostgres(pids, pgDir);
  }, 120_000);
});

describe('a production start without the demo and without payment or signing configuration', () => {
  it('uses no local provider: the log names the providers as off, the test checkout and the sign page are not served', async () => {
    const server = startServer(tempDir(), await freePort(), { SEED_DEMO: 'false' });
    await waitUntilReady(server);
    await waitFor('the providers in the log', async () => (server.output().includes('Providers: ') ? true : undefined), 10_000);
    const line = server.output().split('\n').find((l) => l.includes('Providers: '))!;
    expect(line).toContain('payment off (PAYMENT_PROVIDER not set: online payment answers 503)');
    expect(line).toContain('signing off (SIGNING_PROVIDER not set: legal signing answers 503)');
    const checkout = await fetch(`${server.base}/api/payment/local/checkout/tr_AAAAAAAAAAAAAAAAAAAAAA`, { signal: AbortSignal.timeout(5_000) });
    expect(checkout.status).toBe(404);
    expect(await checkout.text()).not.toContain('Betaald');
    const signPage = await fetch(`${server.base}/api/signing/local/${'a'.repeat(43)}`, { signal: AbortSignal.timeout(5_000) });
    expect(signPage.status).toBe(404);
    await server.kill();
  }, 120_000);
});

describe.skipIf(!isRoot)('as root, a DATA_DIR inside a folder the postgres user cannot enter', () => {
  it('stops with one clear line (no stack trace), a non-zero exit code and no pg/ folder left behind', async () => {
    const outer = tempDir(); // mode 0700, owned by root
    const dataDir = path.join(outer, 'data');
    const server = startServer(dataDir, await freePort());
    const { code } = await server.exited;
    expect(code).not.toBe(0);
    const lines = server.output().trim().split('\n').filter(Boolean);
    expect(lines, server.output()).toHaveLength(1);
    expect(lines[0]).toContain(outer);
    expect(lines[0]).toMatch(/postgres/);
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
    expect(fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((name) => name.startsWith('pg')) : []).toEqual([]);
  }, 60_000);
});
