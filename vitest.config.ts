import { defineConfig } from 'vitest/config';

/**
 * One test command, four projects: pure shared logic, the API on real PostgreSQL,
 * web unit tests, and browser tests driving the system Chromium.
 */
export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file already has its own database and app (harness.ts); re-importing the whole
          // server for every file cost about 3 s per file (half the project's time in CI), so the
          // files of a worker share the loaded modules. A test that changes process-wide state
          // (mocks, timers, env) must restore it in afterEach/afterAll.
          isolate: false,
        },
      },
      {
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      // The collection plugin's extractors (the files pick happy-dom themselves).
      { test: { name: 'extension', include: ['apps/extension/test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
