import net from 'node:net';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

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

// E2E_PORT / E2E_MAIL_PORT may be given; otherwise free ports, so that a running `npm start`
// (or a second checkout's suite) does not collide with this run.
process.env.E2E_PORT ||= String(await freePort());
process.env.E2E_MAIL_PORT ||= String(await freePort());
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  // One worker: the machine has two cores and the specs share the demo data of one server.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // E2E_OUTPUT_DIR keeps the artefacts of two runs in one checkout apart (each run empties its own).
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node --import tsx e2e/server.ts',
    cwd: root,
    url: `${baseURL}/api/polling`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
