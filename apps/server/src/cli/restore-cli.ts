// `npm run restore -- FILE [--force]` (docs/operations.md).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { ArchiveError } from './backup-archive.js';
import { resolveTarget } from './backup-target.js';
import { RefusedError, restoreBackup } from './restore.js';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores an archive of npm run backup into the database of DATABASE_URL (or the embedded
PostgreSQL of DATA_DIR, which must not be running) and the file store of DATA_DIR, then
compares every table's row count and checksum with the archive's manifest.
The database and the file store must be empty; --force drops everything in the database
and overwrites files first. Exit codes: 0 restored and verified, 1 failed or a mismatch,
2 refused (nothing changed).`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const target = await resolveTarget(config, 'restore');
  console.log(`restore into ${target.label}`);
  try {
    const r = await restoreBackup({
      archive: positionals[0]!,
      url: target.url,
      dataDir: config.dataDir,
      storage: config.storage,
      force: values.force,
      log: (l) => console.log(l),
    });
    const bad = r.mismatches.length + r.fileMismatches.length;
    console.log(
      bad === 0
        ? 'restore complete: every table and file matches the archive'
        : `restore finished with ${bad} mismatches`,
    );
    return bad === 0 ? 0 : 1;
  } finally {
    await target.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const refused = err instanceof RefusedError || err instanceof ArchiveError;
    console.error(`restore ${refused ? 'refused' : 'failed'}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(refused ? 2 : 1);
  },
);
