import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMigrations, MIGRATION_NAME, migrationNames } from './migrations.js';

describe('migrations folder', () => {
  it('loads every file of the folder by name, sorted, each with up()', async () => {
    const names = migrationNames();
    expect(names.length).toBeGreaterThanOrEqual(9);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('20261122_0001_accounts');
    const loaded = await loadMigrations();
    expect(Object.keys(loaded)).toEqual(names);
  });

  it('new names carry date and time: YYYYMMDD_HHMMSS_slug', () => {
    expect(MIGRATION_NAME.test('20261125_113501_jobs')).toBe(true);
    expect(MIGRATION_NAME.test('20261125_0010_jobs')).toBe(false);
    expect(MIGRATION_NAME.test('20261125_113501_Jobs')).toBe(false);
    expect(MIGRATION_NAME.test('jobs')).toBe(false);
  });

  it('refuses a file that does not follow the rule', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mig-'));
    fs.writeFileSync(path.join(dir, '0010_jobs.ts'), 'export async function up() {}');
    expect(() => migrationNames(dir)).toThrow(/YYYYMMDD_HHMMSS_slug/);
    fs.rmSync(dir, { recursive: true });
  });
});
