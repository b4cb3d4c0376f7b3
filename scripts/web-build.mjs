// Builds the web app when apps/web/dist is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p)) if (e !== 'node_modules') max = Math.max(max, newest(path.join(p, e)));
  return max;
}

/** True when a build ran (or was needed and failed: then it throws). */
export function buildWebIfStale({ force = false } = {}) {
  if (!fs.existsSync(path.join(web, 'index.html'))) return false;
  const sources = Math.max(
    newest(path.join(web, 'src')),
    newest(path.join(web, 'index.html')),
    newest(path.join(web, 'vite.config.ts')),
    newest(path.join(root, 'packages/shared/src')),
    newest(path.join(root, 'package-lock.json')),
  );
  const built = newest(path.join(web, 'dist/index.html'));
  if (!force && built > sources) return false;
  console.log('Building the web app (apps/web) ...');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: web,
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('web build failed');
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWebIfStale({ force: process.argv.includes('--force') });
}
