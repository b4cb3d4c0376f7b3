// Which database a backup or restore reaches: DATABASE_URL, else the embedded PostgreSQL of
// DATA_DIR (the running server's, or started for the command and stopped after it).
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { connectionUrl, findRunningEmbedded, startEmbeddedPostgres } from '../db/embedded.js';
import { RefusedError } from './backup-archive.js';

export interface Target {
  url: string;
  /** Said in the command's output: which database this is. */
  label: string;
  stop: () => Promise<void>;
}

export async function resolveTarget(config: Config, purpose: 'backup' | 'restore'): Promise<Target> {
  if (config.databaseUrl) {
    const u = new URL(config.databaseUrl);
    return { url: config.databaseUrl, label: `PostgreSQL at ${u.host}${u.pathname}`, stop: async () => {} };
  }
  const running = await findRunningEmbedded(config.dataDir);
  if (running) {
    if (purpose === 'restore')
      throw new RefusedError(
        `the console server of ${config.dataDir} is running (pid ${running.pid}): stop it before restoring into its database`,
      );
    return {
      url: connectionUrl(running),
      label: `embedded PostgreSQL of ${config.dataDir} (the running server's)`,
      stop: async () => {},
    };
  }
  const handle = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.pgPort });
  return {
    url: handle.url(),
    label: `embedded PostgreSQL of ${config.dataDir} (started for this command)`,
    stop: handle.stop,
  };
}

/** The console's version (the root package.json's). */
export function appVersion(): string {
  const file = path.resolve(import.meta.dirname, '../../../../package.json');
  try {
    return String(JSON.parse(fs.readFileSync(file, 'utf8')).version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}
