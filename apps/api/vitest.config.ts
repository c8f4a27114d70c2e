import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * API tests run through HTTP (app.inject or a real port) against a real PostgreSQL: one server per
 * run (TEST_DATABASE_URL, or an embedded one), a template database migrated once, and a fresh copy
 * of it per test file (see test/global-setup.ts and test/helpers.ts). The contract's pure helpers
 * are tested here too, so that `npm test -w @portal/api` runs every server-side test.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/contract/src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // A test file waits on PostgreSQL and HTTP most of its time: one worker more than the cores keeps both busy
    // (two workers on two cores left the machine a third idle). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism() + 1),
  },
});
