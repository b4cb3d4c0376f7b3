import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '/work/main/apps/server/src/db/embedded.js';

const dataDir = path.resolve('/work/main/.bench-data');
const s = await startEmbeddedPostgres({ dataDir, database: 'bench' });
const c = new pg.Client(s.url('bench'));
await c.connect();
try {
  for (const q of process.argv.slice(2)) {
    const r = await c.query(q);
    for (const row of r.rows) console.log(Object.values(row).join(' | '));
  }
} finally {
  await c.end();
  await s.stop();
}
