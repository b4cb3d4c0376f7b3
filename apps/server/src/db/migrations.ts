import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from 'kysely';

/** Where migration files live: one file per migration, nothing else in the folder. */
export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/**
 * A migration file name: `YYYYMMDD_HHMMSS_slug` (date and time of writing, then a
 * snake_case slug). Two branches written at different seconds or with different slugs
 * cannot collide, and there is no registry to edit. The first nine migrations keep their
 * older `YYYYMMDD_NNNN_slug` names (they are recorded in deployed databases).
 */
export const MIGRATION_NAME = /^(\d{8}_\d{6}|20261122_000\d)_[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** The migration names found in a folder, sorted; throws on a file that does not follow the naming rule. */
export function migrationNames(dir = MIGRATIONS_DIR): string[] {
  const names: string[] = [];
  for (const file of fs.readdirSync(dir)) {
    if (file.endsWith('.d.ts') || file.endsWith('.map')) continue;
    const ext = path.extname(file);
    if (ext !== '.ts' && ext !== '.js') continue;
    const name = file.slice(0, -ext.length);
    if (!MIGRATION_NAME.test(name)) throw new Error(`migration file ${file} does not match YYYYMMDD_HHMMSS_slug`);
    names.push(name);
  }
  return [...new Set(names)].sort();
}

/** Every migration of the folder by name, loaded by file name (no hand-kept list). */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Record<string, Migration>> {
  const files = new Map(fs.readdirSync(dir).map((f) => [f.slice(0, -path.extname(f).length), f]));
  const out: Record<string, Migration> = {};
  for (const name of migrationNames(dir)) {
    const mod = (await import(pathToFileURL(path.join(dir, files.get(name)!)).href)) as Migration;
    if (typeof mod.up !== 'function') throw new Error(`migration ${name} exports no up()`);
    out[name] = mod;
  }
  return out;
}
