// 消息记录 through the API (issue 31 §2, docs/messages.md): list filters by source and read
// state, mark one or all read (a role message read per account), the operator's notice to
// every tenant or one (all accounts or a role), tenants refused, another tenant's ids refused,
// and the dedupe key holding a repeated condition.
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { clearDedupeKeys } from '../src/modules/system/messages.repository.js';
import { postMessages } from '../src/modules/system/messages.service.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

const t = useTestApp({ workers: false });
const U = '/PDD/amazon-user/';

let operator: UserRow;
let sOp: Session;

beforeAll(async () => {
  operator = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  sOp = await signIn(t.app, operator.account, TEST_PASSWORD);
});

const list = async (s: Session, q = '') => {
  const r = await call(t.app, s, 'GET', `${U}messageList?pageSize=50${q}`);
  expect(r.status, r.msg).toBe(200);
  return r.data as {
    list: { id: number; title: string; read: boolean; source: string }[];
    total: number;
    unread: number;
  };
};

describe('消息记录', () => {
  it('filters by source and read state; marks one, then all read', async () => {
    const a = await buildTenant(t.db);
    const s = await signIn(t.app, a.account, TEST_PASSWORD);
    const [m1] = await postMessages(t.db, a.id, [
      { userId: a.id, source: 'upload', title: '上传1' },
      { userId: a.id, source: 'finance', title: '财务1' },
      { userId: a.id, source: 'upload', title: '上传2' },
    ]);
    expect((await list(s, '&source=upload')).list.map((m) => m.title)).toEqual(['上传2', '上传1']);
    expect((await call(t.app, s, 'POST', `${U}messageRead`, { ids: [m1] })).data.marked).toBe(1);
    expect((await list(s, '&read=1')).list.map((m) => m.title)).toEqual(['上传1']);
    expect((await list(s, '&unread=1')).list.map((m) => m.title)).toEqual(['上传2', '财务1']);
    expect((await list(s, '&unread=1&source=upload')).total).toBe(1);
    expect((await call(t.app, s, 'GET', `${U}messageList?read=2`)).http).toBe(400);
    expect((await call(t.app, s, 'POST', `${U}messageRead`, { all: 1 })).data.marked).toBe(2);
    const after = await list(s);
    expect(after.unread).toBe(0);
    expect(after.list.every((m) => m.read)).toBe(true);
  });

  it('a role message is read per account: one worker marking all read leaves it unread for another', async () => {
    const a = await buildTenant(t.db);
    const [w1, w2] = await Promise.all([buildUser(t.db, a, { auth: 2 }), buildUser(t.db, a, { auth: 2 })]);
    const [s1, s2] = await Promise.all([w1, w2].map((w) => signIn(t.app, w!.account, TEST_PASSWORD)));
    await postMessages(t.db, a.id, [{ role: 2, source: 'order', title: '给业务员' }]);
    expect((await call(t.app, s1!, 'POST', `${U}messageRead`, { all: 1 })).data.marked).toBe(1);
    expect((await list(s1!)).unread).toBe(0);
    expect((await list(s2!)).unread).toBe(1);
  });

  it("another tenant's message ids mark nothing", async () => {
    const [a, b] = await Promise.all([buildTenant(t.db), buildTenant(t.db)]);
    const [id] = await postMessages(t.db, a.id, [{ userId: a.id, source: 'shop', title: 'A 的消息' }]);
    const sb = await signIn(t.app, b.account, TEST_PASSWORD);
    expect((await call(t.app, sb, 'POST', `${U}messageRead`, { ids: [id] })).data.marked).toBe(0);
    expect((await list(sb)).total).toBe(0);
    const sa = await signIn(t.app, a.account, TEST_PASSWORD);
    expect((await list(sa)).unread).toBe(1);
  });

  it('a dedupe key posts once while it holds; cleared, the condition posts again', async () => {
    const a = await buildTenant(t.db);
    const m = { userId: a.id, source: 'order', title: '同步失败', dedupeKey: 'order-sync:9' };
    expect(await postMessages(t.db, a.id, [m])).toHaveLength(1);
    expect(await postMessages(t.db, a.id, [m])).toHaveLength(0);
    await clearDedupeKeys(t.db, a.id, ['order-sync:9']);
    expect(await postMessages(t.db, a.id, [m])).toHaveLength(1);
  });

  it('the operator sends a notice to every tenant or to one (all accounts or a role); tenants cannot send', async () => {
    const [a, b] = await Promise.all([buildTenant(t.db), buildTenant(t.db)]);
    const worker = await buildUser(t.db, b, { auth: 2 });
    const leader = await buildUser(t.db, b, { auth: 1 });
    const [sa, sw, sl] = await Promise.all([a, worker, leader].map((u) => signIn(t.app, u.account, TEST_PASSWORD)));
    const all = await call(t.app, sOp, 'POST', `${U}messageNotice`, { title: '系统升级', body: '今晚22点维护' });
    expect(all.status, all.msg).toBe(200);
    expect(all.data.tenants).toBeGreaterThanOrEqual(3);
    for (const s of [sa, sw, sl])
      expect((await list(s!, '&source=notice')).list.map((m) => m.title)).toEqual(['系统升级']);
    const one = await call(t.app, sOp, 'POST', `${U}messageNotice`, { title: '业务员培训', tenant_id: b.id, role: 2 });
    expect(one.data).toEqual({ tenants: 1 });
    expect((await list(sw!, '&source=notice')).total).toBe(2);
    expect((await list(sl!, '&source=notice')).total).toBe(1);
    expect((await list(sa!, '&source=notice')).total).toBe(1);
    const whole = await call(t.app, sOp, 'POST', `${U}messageNotice`, { title: 'B 公告', tenant_id: b.id });
    expect(whole.status).toBe(200);
    expect((await list(sl!, '&source=notice')).total).toBe(2);
    expect((await list(sa!, '&source=notice')).total).toBe(1);
    // Bad input, unknown tenant, and the audit sentence.
    expect((await call(t.app, sOp, 'POST', `${U}messageNotice`, { title: ' ' })).http).toBe(400);
    expect((await call(t.app, sOp, 'POST', `${U}messageNotice`, { title: 'x', role: 9 })).msg).toBe('角色不合法');
    expect((await call(t.app, sOp, 'POST', `${U}messageNotice`, { title: 'x', tenant_id: 999_999 })).http).toBe(404);
    const log = await call(t.app, sOp, 'GET', '/PDD/opera-log/list?page=1&pageSize=5');
    expect(log.data.list.map((r: { text: string }) => r.text)).toContain(
      `${operator.user_name || operator.account} 向租户 ${b.id} 发送了通知「B 公告」`,
    );
    // A tenant (not the operator) is refused.
    expect((await call(t.app, sa!, 'POST', `${U}messageNotice`, { title: '冒充公告' })).http).toBe(403);
  });
});
