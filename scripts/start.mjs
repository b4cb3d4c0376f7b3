#!/usr/bin/env node
// `npm start`: build the web app if needed, then run the server (embedded PostgreSQL
// unless DATABASE_URL is set). Signals are passed on so PostgreSQL stops cleanly.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildExtensionIfStale } from './extension-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
try {
  buildWebIfStale();
  // The collection plugin's zip that 采集插件下载 serves (docs/plugin.md).
  await buildExtensionIfStale();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  // The IPC channel ties the server's life to this process: if this one is killed (even with
  // SIGKILL) the channel closes and the server shuts down with its PostgreSQL.
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
