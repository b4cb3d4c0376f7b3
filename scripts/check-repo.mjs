#!/usr/bin/env node
// Part of `npm run lint`: repository hygiene that Biome and tsc do not check.
// Fails on committed temporary files (`*.tmp.*`, e.g. a scratch query with machine paths).
import { execFileSync } from 'node:child_process';

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
const temporary = tracked.filter((f) => /(^|\/)[^/]*\.tmp\.[^/]*$/.test(f));
if (temporary.length) {
  console.error(`committed temporary files (remove them; *.tmp.* is git-ignored):\n  ${temporary.join('\n  ')}`);
  process.exit(1);
}
