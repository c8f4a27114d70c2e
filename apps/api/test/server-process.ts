/**
 * Real portal processes for script tests: `node --import tsx apps/api/src/main.ts`, as `npm start` runs
 * it, on a free port, with its output kept for failure messages. Each start costs a few seconds, so a
 * test file lets one server serve several checks in order, and stops them all with `stopServers`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const servers = new Set<Server>();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it answers a value (not undefined) or `timeoutMs` passes. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type Server = {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill: () => Promise<void>;
};

/**
 * A portal process with its own DATA_DIR and embedded PostgreSQL, demo data and no web build; `env`
 * changes that (DATABASE_URL for a shared database, S3_* for a shared bucket, ...).
 */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', EMBEDDED_PG_PORT: '0', PORT: String(port), HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`, SEED_DEMO: 'true', LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const server: Server = {
    child, base: `http://127.0.0.1:${port}`, output: () => output, exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      servers.delete(server);
    },
  };
  servers.add(server);
  void exited.then(() => servers.delete(server));
  return server;
}

/** Stops every server this test file started that still runs (for afterAll). */
export async function stopServers(): Promise<void> {
  await Promise.all([...servers].map((server) => server.kill()));
}

export async function polling(server: Server): Promise<number> {
  const res = await fetch(`${server.base}/api/polling?language=nl`, { signal: AbortSignal.timeout(5_000) });
  await res.arrayBuffer();
  return res.status;
}

export async function waitUntilReady(server: Server): Promise<void> {
  const exitedEarly = server.exited.then(({ code, signal }) => {
    throw new Error(`The server exited (${code ?? signal}) before it answered:\n${server.output()}`);
  });
  await Promise.race([waitFor('the first answer of /api/polling', async () => ((await polling(server)) === 200 ? true : undefined), 90_000), exitedEarly]);
}
