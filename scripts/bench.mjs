#!/usr/bin/env node
/**
 * `npm run bench`: measures, never asserts. One run prints:
 *  a. throughput and p99 latency of an authorised read (GET /api/occupant/project) as a ratio to a
 *     bare route of the same server (GET /api/bench/bare, present only with BENCH_BARE_ROUTE=true),
 *     both under autocannon with 50 connections for 10 s (two alternating rounds of 5 s) after a
 *     short warm-up;
 *  b. start-up time of the server command `npm start` runs, on an empty and on an initialised data
 *     folder, until the first answered GET /api/polling;
 *  c. what a browser receives (Lighthouse, mobile): bytes transferred (all and JavaScript), performance
 *     score and LCP of /inloggen, /dashboard (logged in) and a public project dashboard.
 * Every server runs on 127.0.0.1 on a free port with a fresh temporary DATA_DIR, and is stopped at
 * the end, also when something fails. Exit code 0 when all measurements ran, whatever the figures.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildWebIfNeeded, root, serverCommand } from './start.mjs';
import { measureWeb } from './bench-web.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const TARGETS = { ratio: 0.33, p99Ms: 20, startMs: 4000, scriptKb: { '/inloggen': 100, '/dashboard (logged in)': 130 }, score: 95, lcpMs: 2000 };
const RESIDENT = { zipcode: '1234AB', house_number: '10', password: 'Bewoner2026!', language: 'nl' };

const children = new Set();
const tempDirs = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------
// Child servers

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function tempDataDir(label) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-${label}-`));
  fs.chmodSync(dir, 0o755); // the embedded server may run as the `postgres` user (when we are root)
  tempDirs.push(dir);
  return path.join(dir, 'data');
}

/** Spawns the server command of `npm start`; keeps the last output for error messages. */
function startServer({ dataDir, port, extraEnv = {} }) {
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
async function waitUntilServing(child, port, startedAt, limitMs = 60_000) {
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

async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM'); // the server stops its embedded PostgreSQL on SIGTERM
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await child.exited;
  clearTimeout(timer);
}

async function cleanup() {
  await Promise.all([...children].map(stopServer));
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------
// a. Throughput and latency

function load(url, headers, durationSeconds) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration: durationSeconds });
}

function check(result) {
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${result.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result;
}

/**
 * The rounds of one route: requests/s over all rounds, p99 the worst round's (autocannon reports
 * percentiles, not its histogram, so rounds cannot be merged exactly; the worst is the honest one).
 */
function combine(results) {
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  return { rps: total / seconds, p99: Math.max(...results.map((r) => r.latency.p99)), total };
}

async function measureThroughput() {
  const port = await freePort();
  const child = startServer({ dataDir: tempDataDir('load'), port, extraEnv: { BENCH_BARE_ROUTE: 'true' } });
  await waitUntilServing(child, port, performance.now());
  const base = `http://127.0.0.1:${port}`;

  const login = await fetch(`${base}/api/public/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(RESIDENT),
  });
  const body = await login.json();
  if (!login.ok || !body.token) throw new Error(`Logging in as the demo resident failed (${login.status}): ${JSON.stringify(body)}`);
  const projectId = body.projects?.[0]?.id;
  if (!projectId) throw new Error('The demo resident has no project.');

  const bareUrl = `${base}/api/bench/bare`;
  const authUrl = `${base}/api/occupant/project?language=nl&project_id=${projectId}`;
  const auth = { authorization: `Bearer ${body.token}` };
  for (const [url, headers] of [[bareUrl, {}], [authUrl, auth]]) {
    const check = await fetch(url, { headers });
    if (!check.ok) throw new Error(`GET ${url} answered ${check.status}: ${await check.text()}`);
  }

  process.stderr.write(`[bench] warming up (${WARMUP_S} s per route) ...\n`);
  check(await load(bareUrl, {}, WARMUP_S));
  check(await load(authUrl, auth, WARMUP_S));
  // Two rounds of half the duration each, alternating, so that background load on the machine
  // falls on both routes alike and the ratio stays fair.
  const half = DURATION_S / 2;
  const runs = { bare: [], authorised: [] };
  for (let round = 1; round <= 2; round++) {
    process.stderr.write(`[bench] round ${round}/2: bare route, then authorised route, ${CONNECTIONS} connections, ${half} s each ...\n`);
    runs.bare.push(check(await load(bareUrl, {}, half)));
    runs.authorised.push(check(await load(authUrl, auth, half)));
  }
  const bare = combine(runs.bare);
  const authorised = combine(runs.authorised);
  await stopServer(child);
  return { bare, authorised };
}

// ---------------------------------------------------------------------------------------------------
// b. Start-up time

async function measureStartup() {
  const dataDir = tempDataDir('start');
  const times = [];
  for (const label of ['empty', 'initialised']) {
    process.stderr.write(`[bench] start-up on the ${label} data folder ...\n`);
    const port = await freePort();
    const startedAt = performance.now();
    const child = startServer({ dataDir, port });
    times.push(await waitUntilServing(child, port, startedAt));
    await stopServer(child);
  }
  return { empty: times[0], initialised: times[1] };
}

// ---------------------------------------------------------------------------------------------------
// c. What a browser receives (Lighthouse; see bench-web.mjs)

async function measurePages() {
  const port = await freePort();
  const child = startServer({ dataDir: tempDataDir('web'), port });
  await waitUntilServing(child, port, performance.now());
  try {
    return await measureWeb(`http://127.0.0.1:${port}`, RESIDENT);
  } finally {
    await stopServer(child);
  }
}

// ---------------------------------------------------------------------------------------------------
// Report

const fmt = {
  int: (n) => Math.round(n).toLocaleString('en-US'),
  ms: (n) => `${Math.round(n)} ms`,
  s: (n) => `${(n / 1000).toFixed(2)} s`,
  kb: (n) => `${(n / 1000).toFixed(1)} kB`,
  ok: (pass) => (pass ? 'ok' : 'MISSED'),
};

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((cell, i) => String(cell).padEnd(widths[i])).join('  ').trimEnd();
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

async function main() {
  const webBuilt = buildWebIfNeeded(); // the servers serve the built web app, as under `npm start`
  if (!webBuilt) process.stderr.write('[bench] warning: the web build failed; measuring the API without it.\n');

  const startup = await measureStartup();
  const { bare, authorised } = await measureThroughput();
  process.stderr.write('[bench] Lighthouse (mobile) on /inloggen, a public dashboard and /dashboard ...\n');
  const pages = webBuilt ? await measurePages() : [];

  const ratio = authorised.rps / bare.rps;
  const rows = [
    ['measure', 'value', 'vs baseline / target', 'result'],
    ['bare route GET /api/bench/bare (baseline)', `${fmt.int(bare.rps)} req/s, p99 ${fmt.ms(bare.p99)}`, '1.00', ''],
    ['authorised GET /api/occupant/project: req/s', `${fmt.int(authorised.rps)} req/s`, `ratio ${ratio.toFixed(2)} (target >= ${TARGETS.ratio})`, fmt.ok(ratio >= TARGETS.ratio)],
    ['authorised GET /api/occupant/project: p99', fmt.ms(authorised.p99), `${(authorised.p99 / Math.max(bare.p99, 1)).toFixed(1)}x baseline p99 (target <= ${TARGETS.p99Ms} ms)`, fmt.ok(authorised.p99 <= TARGETS.p99Ms)],
    ['start-up, empty data folder', fmt.s(startup.empty), `target < ${fmt.s(TARGETS.startMs)}`, fmt.ok(startup.empty < TARGETS.startMs)],
    ['start-up, initialised data folder', fmt.s(startup.initialised), `${(startup.initialised / startup.empty).toFixed(2)}x empty (target < ${fmt.s(TARGETS.startMs)})`, fmt.ok(startup.initialised < TARGETS.startMs)],
    ...pages.flatMap((p) => {
      const budget = TARGETS.scriptKb[p.page];
      return [
        [`${p.page}: JavaScript transferred`, fmt.kb(p.scriptBytes), budget ? `${(p.scriptBytes / 1000 / budget).toFixed(2)}x budget (<= ${budget} kB)` : '', budget ? fmt.ok(p.scriptBytes / 1000 <= budget) : ''],
        [`${p.page}: all bytes transferred`, fmt.kb(p.totalBytes), '', ''],
        [`${p.page}: Lighthouse performance (mobile)`, String(p.score), `target >= ${TARGETS.score}`, fmt.ok(p.score >= TARGETS.score)],
        [`${p.page}: LCP (mobile, simulated 4G)`, fmt.s(p.lcpMs), `target <= ${fmt.s(TARGETS.lcpMs)}`, fmt.ok(p.lcpMs <= TARGETS.lcpMs)],
      ];
    }),
  ];
  console.log('');
  console.log(`Benchmark ${new Date().toISOString()}  (Node ${process.version}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION_S} s per route, server and load on one machine)`);
  console.log(table(rows));
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`[bench] ${signal}: stopping the servers ...\n`);
    void cleanup().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  process.stderr.write(`[bench] failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
