// The parent of main.ts as scripts/start.mjs spawns it (with an IPC channel), without the
// web build: the embedded test kills this process with SIGKILL. Prints `CHILD <pid>`.
import { spawn } from 'node:child_process';
import path from 'node:path';

const main = path.resolve(import.meta.dirname, '../../src/main.ts');
const child = spawn(process.execPath, ['--import', 'tsx', main], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: process.env,
});
process.stdout.write(`CHILD ${child.pid}\n`);
child.on('exit', (code) => process.exit(code ?? 1));
