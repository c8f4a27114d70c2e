#!/usr/bin/env node
/**
 * `npm run bench`: measures, never asserts. One run prints:
 *  a. throughput and p99 latency of an authorised read (GET /api/occupant/project) as a ratio to a
 *     bare route of the same server (GET /api/bench/bare, present only with BENCH_BARE_ROUTE=true),
 *     both under autocannon with 50 connections for 10 s (two alternating rounds of 5 s) after a
 *     short warm-up;
 *  b. start-up time of the server command `npm start` runs, on an empty and on an initialised data
 *     folder, until the first answered GET /api/polling;
 *  c. gzip size (level 9) of the JavaScript the /inloggen page loads.
 * Every server runs on 127.0.0.1 on a free port with a fresh temporary DATA_DIR, and is stopped at
 * the end, also when something fails. Exit code 0 when all measurements ran, whatever the figures.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { buildWebIfNeeded, root, serverCommand } from './start.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const TARGETS = { ratio: 0.33, p99Ms: 20, startMs: 4000, loginJsKb: 100 };
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
// c. JavaScript of /inloggen

function loginJavaScript() {
  const dist = path.join(root, 'apps/web/dist');
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  const files = new Set();
  const local = (url) => url.replace(/^\//, '').split(/[?#]/)[0];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag) && !/^https?:/.test(src)) files.add(local(src));
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag) && !/^https?:/.test(href)) files.add(local(href));
  }

  let route = null;
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    const addWithImports = (key, seen = new Set()) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      files.add(manifest[key].file);
      for (const imported of manifest[key].imports ?? []) addWithImports(imported, seen);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) addWithImports(key);
    // The route file of /inloggen: a lazily loaded chunk whose source path contains 'login'. Several
    // may (woco-login, set-login); prefer a file named login.* or login-page.*, else the shortest path.
    const candidates = Object.entries(manifest)
      .filter(([key, chunk]) => chunk.isDynamicEntry && key.toLowerCase().includes('login'))
      .map(([key]) => key)
      .sort((a, b) => {
        const exact = (k) => (/^login(-page)?\.[jt]sx?$/i.test(path.basename(k)) ? 0 : 1);
        return exact(a) - exact(b) || a.length - b.length;
      });
    route = candidates[0] ?? null;
    if (route) addWithImports(route);
  } else {
    // Without a manifest, a chunk named login-<hash>.js is the best guess for the route.
    const assets = path.join(dist, 'assets');
    const guess = fs.existsSync(assets) ? fs.readdirSync(assets).find((f) => /^login-[\w-]+\.js$/.test(f)) : undefined;
    if (guess) {
      route = `assets/${guess} (guessed, no .vite/manifest.json)`;
      files.add(`assets/${guess}`);
    }
  }

  let raw = 0;
  let gzip = 0;
  const js = [...files].filter((f) => f.endsWith('.js'));
  for (const file of js) {
    const content = fs.readFileSync(path.join(dist, file));
    raw += content.length;
    gzip += zlib.gzipSync(content, { level: 9 }).length;
  }
  return { files: js, route, raw, gzip };
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
  const web = loginJavaScript();

  const ratio = authorised.rps / bare.rps;
  const rows = [
    ['measure', 'value', 'vs baseline / target', 'result'],
    ['bare route GET /api/bench/bare (baseline)', `${fmt.int(bare.rps)} req/s, p99 ${fmt.ms(bare.p99)}`, '1.00', ''],
    ['authorised GET /api/occupant/project: req/s', `${fmt.int(authorised.rps)} req/s`, `ratio ${ratio.toFixed(2)} (target >= ${TARGETS.ratio})`, fmt.ok(ratio >= TARGETS.ratio)],
    ['authorised GET /api/occupant/project: p99', fmt.ms(authorised.p99), `${(authorised.p99 / Math.max(bare.p99, 1)).toFixed(1)}x baseline p99 (target <= ${TARGETS.p99Ms} ms)`, fmt.ok(authorised.p99 <= TARGETS.p99Ms)],
    ['start-up, empty data folder', fmt.s(startup.empty), `target < ${fmt.s(TARGETS.startMs)}`, fmt.ok(startup.empty < TARGETS.startMs)],
    ['start-up, initialised data folder', fmt.s(startup.initialised), `${(startup.initialised / startup.empty).toFixed(2)}x empty (target < ${fmt.s(TARGETS.startMs)})`, fmt.ok(startup.initialised < TARGETS.startMs)],
    web
      ? ['JS of /inloggen (gzip -9)', fmt.kb(web.gzip), `${(web.gzip / 1000 / TARGETS.loginJsKb).toFixed(2)}x target (< ${TARGETS.loginJsKb} kB)`, fmt.ok(web.gzip / 1000 < TARGETS.loginJsKb)]
      : ['JS of /inloggen (gzip -9)', 'web not built', '', ''],
  ];
  console.log('');
  console.log(`Benchmark ${new Date().toISOString()}  (Node ${process.version}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION_S} s per route, server and load on one machine)`);
  console.log(table(rows));
  if (web) {
    console.log(`\n/inloggen loads ${web.files.length} JS files, ${fmt.kb(web.raw)} raw; route chunk: ${web.route ?? 'not identified'}`);
    for (const file of web.files) console.log(`  ${file}`);
  }
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
