import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm run guide:screens`: takes the screenshots of 使用说明 against the e2e server (the e2e
 * global setup builds the web app and starts a server with test settings). Not part of
 * `npm test`: its file is not named *.test.ts and lives outside e2e/.
 */
export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '../..'),
    include: ['scripts/guide-screens/guide.screens.ts'],
    environment: 'node',
    globalSetup: ['scripts/guide-screens/global-setup.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
