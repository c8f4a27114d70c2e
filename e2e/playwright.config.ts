import net from 'node:net';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, FULL_BROWSER, HEADLESS_SHELL } from './chromium';

/** A free loopback port (asked once, in the runner; the workers inherit it through the environment). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// One portal (with its own demo data, database and mail catcher) per worker, each on free ports, so that
// the workers do not see each other's changes and a running `npm start` (or a second checkout's suite) does
// not collide with this run. E2E_WORKERS sets how many (default 2: the suite mostly waits on the browser and
// the server, so two workers on two cores take a little over half the time of one). The ports are asked once,
// in the runner; the workers inherit them through the environment (E2E_PORTS, E2E_MAIL_PORTS).
const workers = Math.max(1, Number(process.env.E2E_WORKERS || 2));
if (!process.env.E2E_PORTS) {
  const ports: number[] = [];
  const mailPorts: number[] = [];
  for (let i = 0; i < workers; i++) {
    ports.push(await freePort());
    mailPorts.push(await freePort());
  }
  process.env.E2E_PORTS = ports.join(',');
  process.env.E2E_MAIL_PORTS = mailPorts.join(',');
}
const ports = process.env.E2E_PORTS.split(',');
const mailPorts = process.env.E2E_MAIL_PORTS!.split(',');
const root = path.resolve(import.meta.dirname, '..');
const FULL_BROWSER_SPECS = [/pwa\.spec\.ts$/, /notification-preferences\.spec\.ts$/];

export default defineConfig({
  testDir: './tests',
  workers,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // E2E_OUTPUT_DIR keeps the artefacts of two runs in one checkout apart (each run empties its own).
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  // Generous for a slow 2-core machine (the same suite ran 2.5 times slower on one host than on another): a passing
  // test takes what it takes, only a hanging one waits this long. The longest flows (a whole generic form with its
  // checks and screenshots, the partner's payments) took 2.1 minutes on a host whose Chromium was slow (a fill 5 s).
  timeout: 240_000,
  expect: { timeout: 15_000 },
  use: {
    // baseURL: the worker's own portal (the baseURL fixture of tests/fixtures.ts).
    locale: 'nl-NL',
    // no service worker unless a spec allows it (pwa.spec.ts): it would answer reads out of page.route's sight
    serviceWorkers: 'block',
    timezoneId: 'Europe/Amsterdam',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Two builds of Debian's Chromium 156, the same engine: its headless shell (chromium-headless-shell, what
  // Playwright itself runs headless) for every spec, and the full browser for the specs that need what only it
  // has: web push (PushManager), notifications and the install criteria. The shell ran the same ten specs in 0.78
  // of the time (it starts no browser UI renderers): on two cores the suite is bound by the CPU.
  projects: [
    { name: 'chromium', testIgnore: FULL_BROWSER_SPECS, use: { launchOptions: { executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS } } },
    { name: 'chromium-full', testMatch: FULL_BROWSER_SPECS, use: { launchOptions: { executablePath: FULL_BROWSER, args: CHROMIUM_ARGS } } },
  ],
  webServer: ports.slice(0, workers).map((port, i) => ({
    command: 'node --import tsx e2e/server.ts',
    cwd: root,
    env: { E2E_PORT: port, E2E_MAIL_PORT: mailPorts[i]! },
    url: `http://localhost:${port}/api/polling`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
  })),
});
