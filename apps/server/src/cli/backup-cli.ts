// `npm run backup -- [--out FILE] [--method auto|builtin|pg_dump]` (docs/operations.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createBackup, type DumpMethod } from './backup.js';
import { resolveTarget } from './backup-target.js';

const USAGE = `Usage: npm run backup -- [--out FILE] [--method auto|builtin|pg_dump]

Writes one zip archive: the database (pg_dump when one of the server's major version or newer
is installed, else the built-in dump), the local file store (DATA_DIR/files, DATA_DIR/exports)
or a manifest of the S3 objects, DATA_DIR/secret.key (unless SECRET_KEY is set), and
manifest.json with every table's row count and checksum. Reaches DATABASE_URL, or the embedded
PostgreSQL of DATA_DIR (the running server's, or started for the command).
Default --out: backups/console-<UTC time>.zip under the current folder.`;

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

async function main() {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, method: { type: 'string', default: 'auto' }, help: { type: 'boolean' } },
  });
  if (values.help) return console.log(USAGE);
  const method = values.method as DumpMethod;
  if (!['auto', 'builtin', 'pg_dump'].includes(method))
    throw new Error(`--method must be auto, builtin or pg_dump\n${USAGE}`);
  const config = loadConfig(process.env);
  const target = await resolveTarget(config, 'backup');
  console.log(`backup of ${target.label}`);
  try {
    await createBackup({
      url: target.url,
      dataDir: config.dataDir,
      storage: config.storage,
      out: path.resolve(values.out ?? path.join('backups', `console-${stamp()}.zip`)),
      method,
      secretKeyFromEnv: !!config.secretKey,
      log: (l) => console.log(l),
    });
  } finally {
    await target.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
