// Follow-selling on day one (issue 29 §4): a paste or file with bad ASINs adds the valid ones
// and names the refused ones with their reason; a failed lookup says why, per ASIN.
import { ASIN_REFUSALS, sortAsins } from '@console/shared/schemas/follow';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { UserRow } from '../src/db/types.js';
import { offersFailure } from '../src/modules/follow/follow-reasons.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { DE, F, followSandbox, product } from './follow-support.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

const t = useTestApp({ spapi: { ...loadConfig({}).spapi, timeScale: 200 } });
const { sb, sellerWithShop, waitJob } = followSandbox(t);

describe('sorting pasted ASINs and reading lookup failures (pure)', () => {
  it('keeps valid ASINs once and refuses bad and repeated ones with the reason', () => {
    expect(sortAsins(['B0AAAAAAA1', 'B0SHORT', 'B0AAAAAAA1', 'B0-AAAAAA1', 'B0AAAAAAA2'])).toEqual({
      asins: ['B0AAAAAAA1', 'B0AAAAAAA2'],
      refused: [
        { asin: 'B0SHORT', reason: ASIN_REFUSALS.format },
        { asin: 'B0AAAAAAA1', reason: ASIN_REFUSALS.duplicate },
        { asin: 'B0-AAAAAA1', reason: ASIN_REFUSALS.format },
      ],
    });
    expect(sortAsins(['X'.repeat(90)]).refused[0]!.asin).toHaveLength(40);
  });

  it('names why Amazon gave no offers, and which failures are tried again', () => {
    expect(offersFailure({ code: 'InvalidInput', status: 400 })).toMatchObject({ transient: false });
    expect(offersFailure({ code: 'InvalidInput', status: 400 }).reason).toContain('该站点未找到此ASIN');
    expect(offersFailure({ code: 'QuotaExceeded', status: 429 })).toMatchObject({ transient: true });
    expect(offersFailure({ code: 'QuotaExceeded', status: 429 }).reason).toContain('限流');
    expect(offersFailure({ code: 'InternalFailure', status: 500 })).toMatchObject({ transient: true });
    expect(offersFailure({ code: 'Unauthorized', status: 403 }).reason).toContain('店铺无权');
    expect(offersFailure(undefined).reason).toContain('未返回');
  });
});

describe('follow-selling: partial acceptance and lookup reasons', () => {
  let admin: UserRow;
  let s: Session;
  let shopId: number;
  const add = (asins: string | string[], sess = s, shop = shopId) =>
    call(t.app, sess, 'POST', `${F}/candidate/add`, { marketplace: 'de', shop_id: shop, asins });
  const imp = (name: string, text: string) =>
    call(t.app, s, 'POST', `${F}/candidate/import`, {
      marketplace: 'de',
      shop_id: shopId,
      file: { name, content: Buffer.from(text, 'utf8').toString('base64') },
    });
  const pool = async (asin: string) =>
    (await call(t.app, s, 'GET', `${F}/candidate/list?asin=${asin}`)).data.list[0] as
      | { status: string; error: string; title: string }
      | undefined;

  beforeAll(async () => {
    ({ admin, s, shopId } = await sellerWithShop());
    for (const asin of ['B0PARTOK01', 'B0PARTOK02', 'B0STORM001', 'B0STORM002', 'B0STORM003', 'B0STORM004']) {
      sb().sim.market.putProduct(product(asin));
      sb().sim.market.setOffers(DE, asin, [{ sellerId: 'AOWNER000001', price: 20, shipping: 0, fba: true }]);
    }
  });

  it('adds the valid ASINs of a paste and lists the refused ones with their reason', async () => {
    const r = await add('B0PARTOK01\nB0SHORT\nb0partok01, B0PARTOK02\nB0TOOLONG123');
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ added: 2, existing: 0, existing_asins: [], refused_count: 3 });
    expect(r.data.refused).toEqual([
      { asin: 'B0SHORT', reason: '格式不正确(ASIN为10位字母数字)' },
      { asin: 'B0PARTOK01', reason: '重复' },
      { asin: 'B0TOOLONG123', reason: '格式不正确(ASIN为10位字母数字)' },
    ]);
    expect(await waitJob(s, r.data.job_id)).toMatchObject({ status: 'done', result: { ready: 2, failed: 0 } });
    expect(await pool('B0SHORT')).toBeUndefined();

    // Added again: 已在列表中, looked up again (not a second row).
    const again = await add('B0PARTOK01 B0BAD');
    expect(again.data).toMatchObject({ added: 0, existing: 1, existing_asins: ['B0PARTOK01'], refused_count: 1 });
    await waitJob(s, again.data.job_id);
    expect((await call(t.app, s, 'GET', `${F}/candidate/list?asin=B0PARTOK01`)).data.total).toBe(1);
  });

  it('a paste with no valid ASIN adds nothing, starts no job and says why', async () => {
    const before = (await call(t.app, s, 'GET', `${F}/candidate/list`)).data.total;
    const r = await add('B0SHORT, 12345');
    expect(r).toMatchObject({ status: 200, data: { job_id: null, added: 0, refused_count: 2 } });
    expect((await call(t.app, s, 'GET', `${F}/candidate/list`)).data.total).toBe(before);
    expect(await add('  \n ')).toMatchObject({ http: 400, msg: '请填写ASIN' });
  });

  it('bounds the answer: thousands of bad tokens are counted, 200 listed; 1001 valid ones are refused whole', async () => {
    const junk = Array.from({ length: 1900 }, (_, i) => `BAD${i}`);
    const r = await add(junk);
    expect(r.status, r.msg).toBe(200);
    expect(r.data.refused_count).toBe(1900);
    expect(r.data.refused).toHaveLength(200);
    const many = Array.from({ length: 1001 }, (_, i) => `B0${String(i).padStart(8, '0')}`);
    expect(await add([...many, 'BAD'])).toMatchObject({ http: 400, msg: '一次最多添加1000个ASIN' });
    expect(await add('x'.repeat(200_001))).toMatchObject({ http: 400 });
  });

  it('a file with bad cells adds the good ones and lists the others', async () => {
    const r = await imp('asins.csv', 'asin\nB0FILEOK01\nB0SHORT\nB0FILEOK01\n');
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ added: 1, refused_count: 2 });
    expect(r.data.refused.map((x: { reason: string }) => x.reason)).toEqual(['格式不正确(ASIN为10位字母数字)', '重复']);
    await waitJob(s, r.data.job_id);
  });

  it("another tenant's shop or a buyer learns nothing about the list", async () => {
    const other = await buildTenant(t.db);
    const os = await signIn(t.app, other.account, TEST_PASSWORD);
    const r = await add('B0PARTOK01\nBAD', os);
    expect(r).toMatchObject({ http: 404, msg: '店铺不存在' });
    expect(r.data?.refused).toBeUndefined();
    const buyer = await buildUser(t.db, admin, { auth: 3 });
    const bs = await signIn(t.app, buyer.account, TEST_PASSWORD);
    expect((await add('B0PARTOK01', bs)).http).toBe(403);
  });

  it('unknown ASINs fail with the reason per ASIN (查询完成:成功0个,失败2个 says why)', async () => {
    const r = await add('ZZZZZZZZZ1\nZZZZZZZZZ2');
    expect(await waitJob(s, r.data.job_id)).toMatchObject({ status: 'done', result: { ready: 0, failed: 2 } });
    for (const asin of ['ZZZZZZZZZ1', 'ZZZZZZZZZ2']) {
      const c = await pool(asin);
      expect(c).toMatchObject({ status: 'failed' });
      expect(c!.error).toContain('该站点未找到此ASIN');
    }
  });

  it('a throttled read is tried again in the same job; throttled twice says so', async () => {
    // More 429s than the client's six attempts: the first pass fails as throttled, the second reads.
    sb().sim.inject({ kind: 'throttle', count: 6, operation: 'getItemOffersBatch' });
    const once = await add('B0STORM001\nB0STORM002');
    expect(await waitJob(s, once.data.job_id)).toMatchObject({ status: 'done', result: { ready: 2, failed: 0 } });
    expect(await pool('B0STORM001')).toMatchObject({ status: 'ready', error: '' });

    sb().sim.inject({ kind: 'throttle', count: 12, operation: 'getItemOffersBatch' });
    const twice = await add('B0STORM003\nB0STORM004');
    expect(await waitJob(s, twice.data.job_id)).toMatchObject({ status: 'done', result: { ready: 0, failed: 2 } });
    const c = await pool('B0STORM003');
    expect(c).toMatchObject({ status: 'failed' });
    expect(c!.error).toContain('限流');
  });
});
