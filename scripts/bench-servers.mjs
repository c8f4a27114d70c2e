/**
 * The portal servers the benchmarks measure (bench.mjs, bench-scale.mjs): each one the server command
 * of `npm start`, on 127.0.0.1 on a free port with a temporary DATA_DIR, stopped (and its folder
 * removed) by cleanup(), also when a measurement fails or the bench is interrupted.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root, serverCommand } from './start.mjs';

const children = new Set();
const tempDirs = [];
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A new temporary data folder (removed by cleanup()). */
export function tempDataDir(label) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-${label}-`));
  fs.chmodSync(dir, 0o755); // the embedded server may run as the `postgres` user (when we are root)
  tempDirs.push(dir);
  return path.join(dir, 'data');
}

/** Spawns the server command of `npm start`; keeps the last output for error messages. */
export function startServer({ dataDir, port, extraEnv = {} }) {
  const [command, args] = serverCommand();
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extraEnv },
  });
  let output = '';
  const keep = (chunk) => { output = (output + chunk).slice(-4000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  children.add(child);
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => { children.delete(child); resolve({ code, signal }); }));
  child.output = () => output;
  return child;
}

/** Polls GET /api/polling every 20 ms; resolves with the ms from `startedAt` to the first answer. */
export async function waitUntilServing(child, port, startedAt, limitMs = 60_000) {
  let exited = null;
  void child.exited.then((result) => { exited = result; });
  for (;;) {
    if (exited) throw new Error(`The server exited (${exited.signal ?? exited.code}) before answering:\n${child.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/polling?language=nl`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return performance.now() - startedAt;
    } catch { /* not listening yet */ }
    if (performance.now() - startedAt > limitMs) throw new Error(`The server did not answer within ${limitMs} ms:\n${child.output()}`);
    await sleep(20);
  }
}

/** Starts a server on a free port and waits until it answers; resolves with { child, port, base }. */
export async function startServing(dataDir, extraEnv = {}) {
  const port = await freePort();
  const child = startServer({ dataDir, port, extraEnv });
  await waitUntilServing(child, port, performance.now());
  return { child, port, base: `http://127.0.0.1:${port}` };
}

export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM'); // the server stops its embedded PostgreSQL on SIGTERM
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await child.exited;
  clearTimeout(timer);
}

export async function cleanup() {
  await Promise.all([...children].map(stopServer));
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Logs in (POST /api/public/login) and returns the answer; throws when no token came back. */
export async function login(base, body, who) {
  const res = await fetch(`${base}/api/public/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'nl', ...body }),
  });
  const answer = await res.json();
  if (!res.ok || !answer.token) throw new Error(`Logging in as ${who} failed (${res.status}): ${JSON.stringify(answer)}`);
  return answer;
}

/** A plain-text table: the first row is the header. */
export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((cell, i) => String(cell).padEnd(widths[i])).join('  ').trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
