#!/usr/bin/env node
// `npm test`: every test project (shared, server on real PostgreSQL, web, browser) through
// Vitest, then one closing line "N passed, N failed" for CI.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasBrowser = fs.existsSync(chromium);
const projects = [];
if (!args.some((a) => a.startsWith('--project'))) {
  projects.push('--project', 'shared', '--project', 'server', '--project', 'web', '--project', 'extension');
  if (hasBrowser) projects.push('--project', 'e2e');
  else if (process.env.CI) {
    console.error(`browser tests need Chromium at ${chromium}; CI must install it`);
    process.exit(1);
  } else console.warn(`\n!! ${chromium} not found: browser tests (e2e) are SKIPPED. Install Debian's chromium.\n`);
}

const report = path.join(os.tmpdir(), `vitest-report-${process.pid}.json`);
const run = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);

/** The first lines of a failure, without ANSI colours, for the closing summary. */
function firstLines(messages) {
  return stripVTControlCharacters((messages ?? []).join('\n'))
    .split('\n')
    .slice(0, 4)
    .join('\n    ');
}

let passed = 0;
let failed = 0;
let skipped = 0;
const perProject = {};
const failures = [];
if (fs.existsSync(report)) {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  for (const file of json.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const project = rel.startsWith('e2e/')
      ? 'e2e'
      : rel.startsWith('apps/server/')
        ? 'server'
        : rel.startsWith('apps/web/')
          ? 'web'
          : rel.startsWith('apps/extension/')
            ? 'extension'
            : 'shared';
    for (const t of file.assertionResults ?? []) {
      perProject[project] ??= { passed: 0, failed: 0 };
      if (t.status === 'passed') {
        passed++;
        perProject[project].passed++;
      } else if (t.status === 'failed') {
        failed++;
        perProject[project].failed++;
        failures.push(`${rel} > ${t.fullName}\n    ${firstLines(t.failureMessages)}`);
      } else skipped++;
    }
    // A file that failed to load has no assertions but is a failure.
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      failed++;
      failures.push(`${rel} (did not load)\n    ${firstLines([file.message])}`);
    }
  }
  fs.rmSync(report, { force: true });
} else if (run.status !== 0) failed++;

if (process.env.TEST_SUMMARY_FILE) {
  fs.writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ passed, failed, skipped, perProject, failures }));
}
// The names of failed tests again at the very end, where a truncated CI log still shows them.
if (failures.length) console.log(`\nfailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(
  `\n${Object.entries(perProject)
    .map(([p, c]) => `${p}: ${c.passed} passed, ${c.failed} failed`)
    .join('\n')}`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
