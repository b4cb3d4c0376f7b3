import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { insertShop } from '../src/modules/shop/shop.repository.js';
import { buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';
import { withEventLoopDelay } from './support/event-loop.js';
import { bombXlsx, lyingZip, millionRowXlsx, textLines, wideXlsx, xlsxRows } from './support/sheet-files.js';

/**
 * Issue 27 §3: an uploaded sheet is read by the one streaming reader (`lib/sheet-reader.ts`),
 * which stops at its limits: a small file of a million rows, a zip bomb or a sheet of too many
 * cells is refused at once with the limit in Chinese, and a parallel request is answered meanwhile.
 */
const t = useTestApp();
let tenant: UserRow;
let worker: Session;
let shopId: number;

const b64 = (b: Buffer) => b.toString('base64');
const eanImport = (name: string, data: Buffer) =>
  call(t.app, worker, 'POST', '/PDD/goods/ean/import', { file: { name, content: b64(data) } });
const candidateImport = (name: string, data: Buffer) =>
  call(t.app, worker, 'POST', '/PDD/follow/candidate/import', {
    marketplace: 'de',
    shop_id: shopId,
    file: { name, content: b64(data) },
  });

beforeAll(async () => {
  tenant = await buildTenant(t.db);
  worker = await signIn(t.app, (await buildUser(t.db, tenant, { auth: 2 })).account, TEST_PASSWORD);
  const shop = await insertShop(t.db, {
    tenant_id: tenant.id,
    name: '导入店',
    region: 'EU',
    sandbox: true,
    seller_id: 'SELLERBOMB',
    refresh_token_enc: 'x',
    marketplaces: ['de'],
    created_by: tenant.id,
  });
  shopId = shop.id;
});

/**
 * Runs `work` while another client calls getUserInfo in a loop; returns its result, how long it
 * took, the worst event-loop delay seen meanwhile and the slowest parallel answer.
 */
async function whileOthersWait<T>(work: () => Promise<T>) {
  let done = false;
  let slowest = 0;
  let answered = 0;
  let others: Promise<void> = Promise.resolve();
  const run = await withEventLoopDelay(async () => {
    others = (async () => {
      while (!done) {
        const start = performance.now();
        const r = await call(t.app, worker, 'POST', '/PDD/amazon-user/getUserInfo', {});
        expect(r.status).toBe(200);
        slowest = Math.max(slowest, performance.now() - start);
        answered++;
      }
    })();
    try {
      return await work();
    } finally {
      done = true;
      await others;
    }
  });
  return { ...run, slowest, answered };
}

describe('EAN import: a sheet is read only up to its limits', () => {
  it('a million-row .xlsx of 100 KB is refused at once with 最多20000行; others are answered meanwhile', async () => {
    const file = await millionRowXlsx();
    expect(file.length).toBeLessThan(300_000);
    const run = await whileOthersWait(() => eanImport('million.xlsx', file));
    expect(run.result).toMatchObject({ http: 400, msg: '文件过大: 最多20000行' });
    expect(run.ms).toBeLessThan(5000);
    expect(run.maxDelayMs).toBeLessThan(1000);
    expect(run.answered).toBeGreaterThan(0);
    expect(run.slowest).toBeLessThan(1000);
  });

  it('zip bombs and a header that lies about its size are refused with 文件过大', async () => {
    const bomb = await bombXlsx(64, 'tags');
    expect(bomb.length).toBeLessThan(200_000);
    const run = await whileOthersWait(() => eanImport('bomb.xlsx', bomb));
    expect(run.result).toMatchObject({ http: 400, msg: '文件过大(解压后超过32MB)' });
    expect(run.maxDelayMs).toBeLessThan(1000);
    // One cell of 64 MB stops at the first 256 KB of its text.
    const cell = await whileOthersWait(async () => eanImport('cell.xlsx', await bombXlsx(64, 'text')));
    expect(cell.result).toMatchObject({ http: 400, msg: '文件过大: 单元格最多32767个字符' });
    expect(cell.maxDelayMs).toBeLessThan(1000);
    expect(await eanImport('liar.xlsx', lyingZip(40))).toMatchObject({
      http: 400,
      msg: expect.stringMatching(/^文件过大|^文件不是有效的xlsx文件$/),
    });
  });

  it('a sheet of too many cells is refused with the limit', async () => {
    expect(await eanImport('wide.xlsx', await wideXlsx(3000, 90))).toMatchObject({
      http: 400,
      msg: '文件过大: 最多200000个单元格',
    });
  });

  it('CSV and TXT files of too many lines are refused with the limit', async () => {
    const lines = textLines(300_000, () => '1');
    expect(await eanImport('many.csv', lines)).toMatchObject({ http: 400, msg: '文件过大: 最多20000行' });
    expect(await eanImport('many.txt', lines)).toMatchObject({ http: 400, msg: '文件过大: 最多20000行' });
  });

  it('a file at the limit (a header and 20000 codes) is still read', async () => {
    const file = await xlsxRows(20_001, (i) => (i === 1 ? 'EAN' : `X${i}`));
    const run = await whileOthersWait(() => eanImport('limit.xlsx', file));
    expect(run.result).toMatchObject({ http: 200, data: { added: 0, invalid: 20_000 } });
    expect(run.maxDelayMs).toBeLessThan(1000);
  });
});

describe('follow candidate import: the same reader', () => {
  it('a million-row .xlsx is refused at once with 最多2000行', async () => {
    const run = await whileOthersWait(async () => candidateImport('million.xlsx', await millionRowXlsx()));
    expect(run.result).toMatchObject({ http: 400, msg: '文件过大: 最多2000行' });
    expect(run.ms).toBeLessThan(5000);
    expect(run.maxDelayMs).toBeLessThan(1000);
  });

  it('a zip bomb, too many cells and a long CSV are refused with the limit', async () => {
    expect(await candidateImport('bomb.xlsx', await bombXlsx(64, 'tags'))).toMatchObject({
      http: 400,
      msg: '文件过大(解压后超过32MB)',
    });
    expect(await candidateImport('wide.xlsx', await wideXlsx(1500, 90))).toMatchObject({
      http: 400,
      msg: '文件过大: 最多100000个单元格',
    });
    const lines = textLines(100_000, () => 'B0FILETXT1');
    expect(await candidateImport('many.csv', lines)).toMatchObject({ http: 400, msg: '文件过大: 最多2000行' });
    expect(await candidateImport('many.txt', lines)).toMatchObject({ http: 400, msg: '文件过大: 最多2000行' });
  });
});
