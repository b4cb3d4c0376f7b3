import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Architecture rule (issue 12 §4): SQL lives in `*.repository.ts` files, whose methods take
 * the tenant id first, and in `db/` (connection, migrations, seed). A service or a route that
 * builds a query of its own fails this test.
 */
const SRC = import.meta.dirname;

const BUILDER = /\.(selectFrom|updateTable|insertInto|deleteFrom)\s*\(/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/**
 * Tables with a `tenant_id` column, read from the table types: `db/types.ts` and each module's
 * `<name>.tables.ts` (which add their tables to `DB` by declaration merging).
 */
function tenantTables(): string[] {
  const texts = sourceFiles(SRC)
    .filter((f) => f.endsWith('.tables.ts') || f.endsWith(path.join('db', 'types.ts')))
    .map((f) => fs.readFileSync(f, 'utf8'));
  const withTenant = new Set(
    texts.flatMap((t) =>
      [...t.matchAll(/interface (\w+) \{([^}]*)\}/g)].filter((m) => /\btenant_id\b/.test(m[2]!)).map((m) => m[1]),
    ),
  );
  return texts.flatMap((t) =>
    [...t.matchAll(/interface DB \{([^}]*)\}/g)].flatMap((db) =>
      [...db[1]!.matchAll(/(\w+):\s*(\w+);/g)].filter((m) => withTenant.has(m[2])).map((m) => m[1]!),
    ),
  );
}

/** Raw `sql` template literals of a file (their text up to the closing backtick). */
function sqlTemplates(text: string): string[] {
  return [...text.matchAll(/\bsql(?:<[^>]*>)?`([^`]*)`/g)].map((m) => m[1]!);
}

const allowed = (rel: string) => rel.endsWith('.repository.ts') || rel.startsWith('db/');

describe('SQL lives in repositories', () => {
  const files = sourceFiles(SRC).map((f) => ({ rel: path.relative(SRC, f).split(path.sep).join('/'), file: f }));

  it('finds the source files and the tenant tables it guards', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(tenantTables()).toEqual(expect.arrayContaining(['goods', 'goods_points', 'opera_log']));
  });

  it('no Kysely query builder outside *.repository.ts and db/', () => {
    const offenders = files
      .filter((f) => !allowed(f.rel))
      .flatMap(({ rel, file }) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (BUILDER.test(line) ? [`${rel}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders, 'move these queries into a *.repository.ts method that takes the tenant id first').toEqual([]);
  });

  it('no raw sql template reading or writing a tenant table outside *.repository.ts and db/', () => {
    const tables = tenantTables().join('|');
    const statement = new RegExp(`\\b(from|join|update|into)\\s+"?(${tables})"?\\b`, 'i');
    const offenders = files
      .filter((f) => !allowed(f.rel))
      .flatMap(({ rel, file }) =>
        sqlTemplates(fs.readFileSync(file, 'utf8'))
          .filter((t) => statement.test(t))
          .map((t) => `${rel}: sql\`${t.slice(0, 80)}\``),
      );
    expect(offenders, 'move these statements into a *.repository.ts method that takes the tenant id first').toEqual([]);
  });

  it('the rule catches a query builder and a raw statement (self-check)', () => {
    expect(BUILDER.test("await deps.db.selectFrom('goods').selectAll()")).toBe(true);
    const statement = new RegExp(`\\b(from|join|update|into)\\s+"?(${tenantTables().join('|')})"?\\b`, 'i');
    expect(sqlTemplates('sql`select * from goods where id = 1`').some((t) => statement.test(t))).toBe(true);
    expect(sqlTemplates('sql`now()`').some((t) => statement.test(t))).toBe(false);
  });
});
