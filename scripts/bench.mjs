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
 *     score and LCP of /inloggen, /dashboard (logged in) and a public project dashboard, each the median
 *     of 3 Lighthouse runs (BENCH_LIGHTHOUSE_RUNS), every run's LCP listed.
 * `npm run bench -- --web` measures only c. (Lighthouse), e.g. while working on the first paint;
 * BENCH_LIGHTHOUSE_JSON=<folder> keeps every Lighthouse report there (one JSON file per run).
 * `npm run bench -- --scale` measures instead the latency of every resident, partner and public read
 * on a project of 5,000 addresses (bench-scale.mjs).
 * Every server runs on 127.0.0.1 on a free port with a fresh temporary DATA_DIR, and is stopped at
 * the end, also when something fails. Exit code 0 when all measurements ran, whatever the figures.
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { buildWebIfNeeded } from './start.mjs';
import { measureWeb } from './bench-web.mjs';
import { cleanup, freePort, login, startServer, startServing, stopServer, table, tempDataDir, waitUntilServing } from './bench-servers.mjs';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const TARGETS = { ratio: 0.33, p99Ms: 20, startMs: 4000, scriptKb: { '/inloggen': 100, '/dashboard (logged in)': 130 }, score: 98, lcpMs: 1500 };
const RESIDENT = { zipcode: '1234AB', house_number: '10', password: 'Bewoner2026!', language: 'nl' };

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
  const { child, base } = await startServing(tempDataDir('load'), { BENCH_BARE_ROUTE: 'true' });
  const body = await login(base, RESIDENT, 'the demo resident');
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
  const { child, base } = await startServing(tempDataDir('web'));
  try {
    return await measureWeb(base, RESIDENT);
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

async function main() {
  const webBuilt = buildWebIfNeeded(); // the servers serve the built web app, as under `npm start`
  if (!webBuilt) process.stderr.write('[bench] warning: the web build failed; measuring the API without it.\n');

  const webOnly = process.argv.includes('--web');
  const startup = webOnly ? null : await measureStartup();
  const { bare, authorised } = webOnly ? {} : await measureThroughput();
  process.stderr.write('[bench] Lighthouse (mobile) on /inloggen, a public dashboard, /dashboard and a form step ...\n');
  const pages = webBuilt ? await measurePages() : [];

  const ratio = webOnly ? 0 : authorised.rps / bare.rps;
  const rows = [
    ['measure', 'value', 'vs baseline / target', 'result'],
    ...(webOnly ? [] : [
    ['bare route GET /api/bench/bare (baseline)', `${fmt.int(bare.rps)} req/s, p99 ${fmt.ms(bare.p99)}`, '1.00', ''],
    ['authorised GET /api/occupant/project: req/s', `${fmt.int(authorised.rps)} req/s`, `ratio ${ratio.toFixed(2)} (target >= ${TARGETS.ratio})`, fmt.ok(ratio >= TARGETS.ratio)],
    ['authorised GET /api/occupant/project: p99', fmt.ms(authorised.p99), `${(authorised.p99 / Math.max(bare.p99, 1)).toFixed(1)}x baseline p99 (target <= ${TARGETS.p99Ms} ms)`, fmt.ok(authorised.p99 <= TARGETS.p99Ms)],
    ['start-up, empty data folder', fmt.s(startup.empty), `target < ${fmt.s(TARGETS.startMs)}`, fmt.ok(startup.empty < TARGETS.startMs)],
    ['start-up, initialised data folder', fmt.s(startup.initialised), `${(startup.initialised / startup.empty).toFixed(2)}x empty (target < ${fmt.s(TARGETS.startMs)})`, fmt.ok(startup.initialised < TARGETS.startMs)],
    ]),
    ...pages.flatMap((p) => {
      const budget = TARGETS.scriptKb[p.page];
      return [
        [`${p.page}: JavaScript transferred`, fmt.kb(p.scriptBytes), budget ? `${(p.scriptBytes / 1000 / budget).toFixed(2)}x budget (<= ${budget} kB)` : '', budget ? fmt.ok(p.scriptBytes / 1000 <= budget) : ''],
        [`${p.page}: all bytes transferred`, fmt.kb(p.totalBytes), '', ''],
        [`${p.page}: Lighthouse performance (mobile)`, String(p.score), `target >= ${TARGETS.score}; host benchmarkIndex ${Math.round(p.benchmarkIndex)}`, fmt.ok(p.score >= TARGETS.score)],
        [`${p.page}: LCP (mobile, simulated 4G), median`, fmt.s(p.lcpMs), `target <= ${fmt.s(TARGETS.lcpMs)}; runs ${p.lcpRuns.map(fmt.s).join(', ')}`, fmt.ok(p.lcpMs <= TARGETS.lcpMs)],
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
  if (process.argv.includes('--scale')) await (await import('./bench-scale.mjs')).measureScale();
  else await main();
} catch (error) {
  process.stderr.write(`[bench] failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
