// Runs every check in order: typecheck, lint, unit and API tests, production build, end-to-end tests.
// Ends with one line 'N passed, N failed' that sums the unit, API and end-to-end test counts.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const env = { ...process.env, TZ: 'Europe/Amsterdam' };

function step(title, command, args, extraEnv = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
  console.log(`=== ${title}: ${status === 0 ? 'ok' : 'FAILED'} (${Math.round((Date.now() - started) / 1000)} s)`);
  return status === 0;
}

function vitestCounts(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + (report.numTotalTestSuites && !report.success && !report.numFailedTests ? 1 : 0) };
  } catch {
    return { passed: 0, failed: 1 };
  }
}
function playwrightCounts(file) {
  try {
    const stats = JSON.parse(readFileSync(file, 'utf8')).stats;
    return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: (stats.unexpected ?? 0) };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

const failures = [];
const counts = { passed: 0, failed: 0 };
const add = (c) => { counts.passed += c.passed; counts.failed += c.failed; };

if (!step('Chromium for end-to-end tests', 'node', ['scripts/ensure-chromium.mjs'])) failures.push('chromium');
if (!step('Typecheck (every workspace, tests included)', 'npm', ['run', '--silent', 'typecheck'])) failures.push('typecheck');
if (!step('Lint (zero warnings)', 'npm', ['run', '--silent', 'lint'])) failures.push('lint');

const vitest = (workspace, name) => {
  const out = path.join(results, `${name}.json`);
  const ok = step(`Unit and API tests: ${workspace}`, 'npx', ['vitest', 'run', '--root', workspace, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  add(vitestCounts(out));
  if (!ok) failures.push(name);
};
vitest('apps/api', 'api');
vitest('apps/web', 'web');

if (!step('Production build', 'npm', ['run', '--silent', 'build'])) failures.push('build');
else {
  const out = path.join(results, 'e2e.json');
  const ok = step('End-to-end tests (Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: out });
  add(existsSync(out) ? playwrightCounts(out) : { passed: 0, failed: 1 });
  if (!ok) failures.push('e2e');
}

console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.');
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(failures.length ? 1 : 0);
