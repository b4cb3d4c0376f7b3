import type { Config } from '../config.js';
import { createDatabase, type Database, migrateToLatest } from './database.js';
import { connectionUrl, type EmbeddedHandle, findRunningEmbedded, startEmbeddedPostgres } from './embedded.js';

export interface OpenedDatabase {
  db: Database;
  /** Stops what this process started (pool, and the embedded server if it started one). */
  close: () => Promise<void>;
}

/**
 * Connects to `DATABASE_URL`, or to the embedded server of DATA_DIR: the one another
 * process of this DATA_DIR already runs, else one started here. Migrates to the latest schema.
 */
export async function openDatabase(config: Config, log: (msg: string) => void = () => {}): Promise<OpenedDatabase> {
  let embedded: EmbeddedHandle | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const running = await findRunningEmbedded(config.dataDir);
    if (running) url = connectionUrl(running);
    else {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.pgPort, log });
      url = embedded.url();
    }
  }
  const db = createDatabase(url);
  try {
    await migrateToLatest(db);
  } catch (err) {
    await db.destroy();
    await embedded?.stop();
    throw err;
  }
  return {
    db,
    close: async () => {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
