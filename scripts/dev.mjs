#!/usr/bin/env node
// `npm run dev`: the API server (port API_PORT, default 8080) and Vite with hot reload,
// which proxies /PDD to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '8080';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = (sig) => {
  for (const c of children) c.kill(sig);
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
