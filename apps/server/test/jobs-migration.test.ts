import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { up as jobsUp } from '../src/db/migrations/20261125_113451_jobs.js';
import { useDatabaseMigratedTo } from './support/migrated-database.js';

/** The last migration before the jobs table: a database as deployed before issue 12 §2. */
const BEFORE = '20261122_0009_auth_notify';

const m = useDatabaseMigratedTo(BEFORE);

describe('migration 20261125_113451_jobs', () => {
  it('moves export and translation jobs into jobs with nothing the user sees lost, and keeps queued messages runnable', async () => {
    const doneExport = randomUUID();
    const queuedExport = randomUUID();
    const failedTranslate = randomUUID();
    await sql`
      insert into export_jobs (id, tenant_id, user_id, kind, status, params, progress, total, file_name, error,
                               created_at, finished_at)
      values (${doneExport}, 7, 8, 'goods', 'done', '{"filter":{"type":0}}', 1500, 1500, 'goods-export-abc.xlsx', '',
              '2026-11-20 10:00:00+00', '2026-11-20 10:01:00+00'),
             (${queuedExport}, 7, 8, 'goods', 'queued', '{"ids":[1,2]}', 0, 2, '', '', now(), null)`.execute(m.db);
    await sql`
      insert into translate_jobs (id, tenant_id, user_id, status, params, progress, total, result, error, finished_at)
      values (${failedTranslate}, 9, 10, 'failed', '{"ids":[5],"from":"en","to":["de"]}', 1, 1,
              '[{"id":5,"status":"failed","message":"翻译服务暂时不可用,请稍后重试","kept":[],"limits":{}}]',
              '翻译服务暂时不可用,请稍后重试', now())`.execute(m.db);
    // A message of the queued export still waiting in pg-boss, as the old code sent it.
    const boss = new PgBoss({ connectionString: m.url, supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue('goods-export');
    await boss.send('goods-export', { id: queuedExport });
    await boss.stop({ graceful: false, wait: true });

    await jobsUp(m.db as unknown as Kysely<unknown>);

    const rows = await m.db.selectFrom('jobs').selectAll().orderBy('kind').orderBy('status').execute();
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(doneExport)).toMatchObject({
      kind: 'goods-export',
      tenant_id: 7,
      user_id: 8,
      status: 'done',
      payload: { filter: { type: 0 } },
      progress: 1500,
      total: 1500,
      result: { file_name: 'goods-export-abc.xlsx', file_key: `exports/${doneExport}.xlsx` },
      error: '',
      finished_at: new Date('2026-11-20T10:01:00Z'),
      updated_at: new Date('2026-11-20T10:01:00Z'),
    });
    expect(byId.get(queuedExport)).toMatchObject({ status: 'queued', payload: { ids: [1, 2] }, result: null });
    expect(byId.get(failedTranslate)).toMatchObject({
      kind: 'goods-translate',
      tenant_id: 9,
      status: 'failed',
      error: '翻译服务暂时不可用,请稍后重试',
      result: [{ id: 5, status: 'failed', message: '翻译服务暂时不可用,请稍后重试', kept: [], limits: {} }],
    });
    const msg = await sql<{ data: unknown }>`select data from pgboss.job where name = 'goods-export'`.execute(m.db);
    expect(msg.rows).toEqual([{ data: { id: queuedExport, tenant_id: 7 } }]);
    const old = await sql<{ t: string | null }>`
      select coalesce(to_regclass('export_jobs')::text, to_regclass('translate_jobs')::text) as t`.execute(m.db);
    expect(old.rows[0]?.t).toBeNull();
  });
});
