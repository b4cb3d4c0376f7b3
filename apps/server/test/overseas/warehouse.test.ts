// 海外仓 warehouses (issue 30 §2): the operator defines them; tenants see the active ones.
import { describe, expect, it } from 'vitest';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, signIn, useTestApp } from '../harness.js';

const t = useTestApp();
const W = '/PDD/overseas/warehouse/';

const body = (over: Record<string, unknown> = {}) => ({
  code: 'DE-01',
  name: '德国一号仓',
  country: 'de',
  address: { contact: 'Max', phone: '+49 30 1234', line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115' },
  carriers: ['DHL', 'DPD', 'DHL'],
  handling_fee_minor: 500,
  unit_fee_minor: 120,
  delivery_fee_minor: 1800,
  storage_fee_cbm_day_minor: 350,
  ...over,
});

/** The operator (uid 1, internal) and a tenant with a session per role. */
async function world() {
  const op = await buildTenant(t.db); // uid 1: the platform operator (internalIds [1])
  expect(op.id).toBe(1);
  const operator = await signIn(t.app, op.account, TEST_PASSWORD);
  const tenant = await buildTenant(t.db);
  const admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  const as = async (auth: 1 | 2 | 3 | 6) =>
    signIn(t.app, (await buildUser(t.db, tenant, { auth })).account, TEST_PASSWORD);
  const trader = await buildTenant(t.db, { auth: 5 });
  const sessions = {
    admin,
    leader: await as(1),
    worker: await as(2),
    buyer: await as(3),
    lister: await as(6),
    trader: await signIn(t.app, trader.account, TEST_PASSWORD),
  };
  return { operator, ...sessions };
}

let shared: ReturnType<typeof world> | undefined;
const get = () => (shared ??= world());

describe('warehouses: the operator defines, tenants pick', () => {
  it('the operator creates, updates and toggles; the tenant sees only the active ones', async () => {
    const s = await get();
    const c = await call(t.app, s.operator, 'POST', `${W}save`, body());
    expect(c.http, c.msg).toBe(200);
    expect(c.data).toMatchObject({
      code: 'DE-01',
      country: 'DE',
      carriers: ['DHL', 'DPD'],
      active: true,
      handling_fee_minor: 500,
      storage_fee_cbm_day_minor: 350,
      version: 1,
      address: { contact: 'Max', line1: 'Hauptstr. 1', line2: '', state: '' },
    });
    const id = c.data.id;

    const u = await call(
      t.app,
      s.operator,
      'POST',
      `${W}save`,
      body({ id, version: 1, name: '柏林仓', unit_fee_minor: 0 }),
    );
    expect(u.http, u.msg).toBe(200);
    expect(u.data).toMatchObject({ name: '柏林仓', unit_fee_minor: 0, version: 2 });
    // A save on the old version is refused (another operator saved first).
    const stale = await call(t.app, s.operator, 'POST', `${W}save`, body({ id, version: 1, name: 'x' }));
    expect(stale.http).toBe(409);
    expect(stale.data).toMatchObject({ version: 2 });
    expect(await call(t.app, s.operator, 'POST', `${W}save`, body({ id, name: 'x' }))).toMatchObject({
      http: 400,
      msg: '请提供版本',
    });
    expect((await call(t.app, s.operator, 'POST', `${W}save`, body({ id: 999_999, version: 1 }))).http).toBe(404);

    const second = await call(
      t.app,
      s.operator,
      'POST',
      `${W}save`,
      body({ code: 'US-01', country: 'US', carriers: [] }),
    );
    expect(second.http, second.msg).toBe(200);
    for (const who of [s.admin, s.leader, s.worker]) {
      const l = await call(t.app, who, 'POST', `${W}list`, {});
      expect(l.http, l.msg).toBe(200);
      expect(l.data.list.map((x: { code: string }) => x.code)).toEqual(['DE-01', 'US-01']);
    }

    const off = await call(t.app, s.operator, 'POST', `${W}toggle`, { id, version: 2, active: false });
    expect(off).toMatchObject({ http: 200, msg: '已停用', data: { active: false, version: 3 } });
    expect((await call(t.app, s.operator, 'POST', `${W}toggle`, { id, version: 2, active: true })).http).toBe(409);
    const tenantList = await call(t.app, s.admin, 'POST', `${W}list`, {});
    expect(tenantList.data.list.map((x: { code: string }) => x.code)).toEqual(['US-01']);
    const all = await call(t.app, s.operator, 'POST', `${W}list`, {});
    expect(all.data.list.map((x: { code: string; active: boolean }) => [x.code, x.active])).toEqual([
      ['DE-01', false],
      ['US-01', true],
    ]);
    const picker = await call(t.app, s.operator, 'POST', `${W}list`, { active_only: true });
    expect(picker.data.list.map((x: { code: string }) => x.code)).toEqual(['US-01']);

    const log = await t.db
      .selectFrom('opera_log')
      .select('action')
      .where('user_id', '=', 1)
      .where('action', 'like', 'overseas.warehouse.%')
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.action)).toEqual([
      'overseas.warehouse.create',
      'overseas.warehouse.update',
      'overseas.warehouse.create',
      'overseas.warehouse.toggle',
    ]);
  });

  it('refuses tenants writing warehouses and the roles without warehouse.use reading them', async () => {
    const s = await get();
    for (const who of [s.admin, s.leader, s.worker, s.buyer, s.lister, s.trader]) {
      const r = await call(t.app, who, 'POST', `${W}save`, body({ code: 'X-1' }));
      expect(r.http).toBe(403);
      expect((await call(t.app, who, 'POST', `${W}toggle`, { id: 1, version: 1, active: false })).http).toBe(403);
    }
    for (const who of [s.buyer, s.lister, s.trader]) {
      expect((await call(t.app, who, 'POST', `${W}list`, {})).http).toBe(403);
    }
    expect((await call(t.app, null, 'POST', `${W}list`, {})).http).toBe(401);
  });

  it('refuses bad input with a clear message', async () => {
    const s = await get();
    const bad: [Record<string, unknown>, string][] = [
      [{ country: 'XX' }, '国家不在可选列表中'],
      [{ carriers: ['NOPE'] }, '承运商不存在'],
      [{ handling_fee_minor: -1 }, '操作费不能小于0'],
      [{ unit_fee_minor: 1.5 }, '拣货费必须为整数'],
      [{ code: 'DE 01' }, '仓库代码只能包含字母、数字、-和_'],
      [{ code: '' }, ''],
      [{ name: 'x'.repeat(101) }, ''],
      [{ address: { line1: 'x'.repeat(201) } }, '地址1不能超过200个字符'],
      [{ address: { other: 'x' } }, ''],
    ];
    for (const [over, msg] of bad) {
      const r = await call(t.app, s.operator, 'POST', `${W}save`, body({ code: 'NEW-1', ...over }));
      expect(r.http, JSON.stringify(over)).toBe(400);
      if (msg) expect(r.msg).toContain(msg);
    }
    // Codes are unique regardless of case.
    expect(await call(t.app, s.operator, 'POST', `${W}save`, body({ code: 'de-01' }))).toMatchObject({
      http: 400,
      msg: '仓库代码 de-01 已存在',
    });
  });
});
