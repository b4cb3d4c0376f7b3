import type { Auth } from '@console/shared/constants/roles';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/types.js';
import { buildGoods, buildTenant, buildUser, TEST_PASSWORD } from './factories.js';
import { call, type Session, signIn, useTestApp } from './harness.js';

const t = useTestApp();
let tenant: UserRow;
let admin: Session;
let other: Session;
const sessions = {} as Record<Auth, Session>;
let goods: { a: number; b: number; c: number; recycled: number; other: number };

const complete = {
  name: '默认档案',
  manufacturer_name: 'Shenzhen Acme Co., Ltd.',
  manufacturer_address: 'No. 1 Keji Road, Nanshan, Shenzhen, China',
  manufacturer_email: 'maker@acme.example',
  rp_name: 'Acme EU GmbH',
  rp_address: 'Hauptstraße 1, 10115 Berlin, Germany',
  rp_email: 'eu-rp@acme.example',
  safety_attestation: true,
  warnings: { de: 'Nicht für Kinder unter 3 Jahren.', en: 'Not for children under 3 years.' },
};

beforeAll(async () => {
  tenant = await buildTenant(t.db);
  await t.db
    .updateTable('users')
    .set({
      gpsr_manufacturer_email_address: 'acct-maker@acme.example',
      dsa_responsible_party_address: 'acct-rp@acme.example',
    })
    .where('id', '=', tenant.id)
    .execute();
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  sessions[0] = admin;
  for (const auth of [1, 2, 3, 6] as const) {
    sessions[auth] = await signIn(t.app, (await buildUser(t.db, tenant, { auth })).account, TEST_PASSWORD);
  }
  for (const auth of [4, 5] as const) {
    sessions[auth] = await signIn(t.app, (await buildTenant(t.db, { auth })).account, TEST_PASSWORD);
  }
  const otherTenant = await buildTenant(t.db);
  other = await signIn(t.app, otherTenant.account, TEST_PASSWORD);
  const recycled = await buildGoods(t.db, tenant);
  await t.db.updateTable('goods').set({ is_delete: 1 }).where('id', '=', recycled.id).execute();
  goods = {
    a: Number((await buildGoods(t.db, tenant, { baseInfo: { sku: 'GPSR-A' } })).id),
    b: Number((await buildGoods(t.db, tenant, { baseInfo: { sku: 'GPSR-B' } })).id),
    c: Number((await buildGoods(t.db, tenant, { baseInfo: { sku: 'GPSR-C' } })).id),
    recycled: Number(recycled.id),
    other: Number((await buildGoods(t.db, otherTenant)).id),
  };
});

const post = (s: Session, path: string, body: object) => call(t.app, s, 'POST', `/PDD/gpsr/${path}`, body);
const get = (s: Session, path: string) => call(t.app, s, 'GET', `/PDD/gpsr/${path}`);

async function uploadDoc(s: Session, filename: string, data: Buffer) {
  const boundary = '----gpsrtest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/PDD/gpsr/document/upload',
    cookies: s.cookies,
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json() as { status: number; msg: string; data: { url: string; name: string; size: number } };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('who may use the GPSR helper', () => {
  it('everyone who edits goods (not buyers, not traders)', async () => {
    const got: Record<string, [number, number]> = {};
    for (const [auth, s] of Object.entries(sessions)) {
      const read = await get(s, 'profile/list');
      const write = await post(s, 'profile/create', {});
      got[auth] = [read.http, write.http === 400 ? 200 : write.http];
    }
    expect(got).toEqual({
      0: [200, 200],
      1: [200, 200],
      2: [200, 200],
      3: [403, 403],
      4: [200, 200],
      5: [403, 403],
      6: [200, 200],
    });
  });
});

describe('profiles', () => {
  let id: number;

  it('prefills from the account and creates a profile; an incomplete one says what it lacks', async () => {
    expect((await get(admin, 'defaults')).data).toEqual({
      manufacturer_email: 'acct-maker@acme.example',
      rp_email: 'acct-rp@acme.example',
    });
    const r = await post(admin, 'profile/create', complete);
    expect(r).toMatchObject({
      status: 200,
      msg: '添加成功',
      data: { name: '默认档案', missing: [], used: 0, version: 1 },
    });
    id = r.data.id;
    const draft = await post(admin, 'profile/create', { name: '草稿', manufacturer_email: 'a@b.example' });
    expect(draft.data.missing).toEqual(['manufacturer', 'responsible', 'safety']);
    // Warnings or a document stand in for the attestation.
    const warned = await post(admin, 'profile/create', { ...complete, name: '有警告', safety_attestation: false });
    expect(warned.data.missing).toEqual([]);
    const list = await get(sessions[2], 'profile/list?keyword=默认');
    expect(list.data).toMatchObject({ total: 1, list: [{ id }] });
    expect((await post(admin, 'profile/create', complete)).msg).toBe('档案名称「默认档案」已存在');
  });

  it('updates at its version only; another tenant cannot see, change or delete it', async () => {
    const r = await post(admin, 'profile/update', { ...complete, id, version: 1, remark: '2026版' });
    expect(r).toMatchObject({ status: 200, data: { remark: '2026版', version: 2 } });
    expect((await post(admin, 'profile/update', { ...complete, id, version: 1 })).http).toBe(409);
    expect((await get(other, `profile/get?id=${id}`)).http).toBe(404);
    expect((await post(other, 'profile/update', { ...complete, id, version: 2 })).http).toBe(404);
    expect((await post(other, 'profile/delete', { ids: [id] })).http).toBe(404);
    expect((await get(other, 'profile/list')).data.total).toBe(0);
  });

  it('refuses bad input with a clear message', async () => {
    const bad = async (body: object) => (await post(admin, 'profile/create', { ...complete, name: 'x', ...body })).msg;
    expect(await bad({ manufacturer_email: 'not-an-email' })).toBe('邮箱格式不正确');
    expect(await bad({ rp_address: 'x'.repeat(501) })).toMatch(/500/);
    expect(await bad({ warnings: { de: 'x'.repeat(2001) } })).toMatch(/2000/);
    expect(await bad({ warnings: { xx: 'hi' } })).toBe('不支持的字段: xx');
    expect(await bad({ name: '' })).toBe('请填写该字段');
    const foreignDoc = {
      url: '/PDD/files/t999999/2026/11/0b7e2b1e-6a47-4c4e-9d0e-1c2b3a4d5e6f.pdf',
      name: 'a.pdf',
      size: 10,
      doc_type: 'user_manual',
      language: 'de',
    };
    expect(await bad({ documents: [foreignDoc] })).toBe('文件不存在,请重新上传');
    expect(await bad({ documents: [{ ...foreignDoc, url: '/PDD/files/../../etc/passwd' }] })).toBe('请先上传文件');
  });

  it('uploads PDF, JPEG and PNG documents only, and serves them to the tenant', async () => {
    const pdf = await uploadDoc(admin, 'Bedienungsanleitung.pdf', PDF);
    expect(pdf).toMatchObject({ status: 200, data: { name: 'Bedienungsanleitung.pdf', size: PDF.length } });
    expect(pdf.data.url).toMatch(new RegExp(`^/PDD/files/t${tenant.id}/\\d{4}/\\d{2}/[0-9a-f-]{36}\\.pdf$`));
    const served = await t.app.inject({
      method: 'GET',
      url: pdf.data.url,
      cookies: admin.cookies,
      headers: admin.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    const jpg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect((await uploadDoc(admin, 'label.jpg', jpg)).data.url).toMatch(/\.jpg$/);
    // A GIF, a text file named .pdf, an executable: refused by their bytes.
    const gif = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await uploadDoc(admin, 'a.gif', gif)).msg).toBe('只支持 PDF、JPG、PNG 格式的文件');
    expect((await uploadDoc(admin, 'fake.pdf', Buffer.from('hello'))).msg).toBe('只支持 PDF、JPG、PNG 格式的文件');
    expect((await uploadDoc(sessions[3], 'a.pdf', PDF)).status).toBe(403);

    const saved = await post(admin, 'profile/update', {
      ...complete,
      id,
      version: 2,
      remark: '2026版',
      documents: [{ ...pdf.data, doc_type: 'user_manual', language: 'de' }],
    });
    expect(saved.data.documents).toEqual([{ ...pdf.data, doc_type: 'user_manual', language: 'de' }]);
  });

  it('applies a profile to products and EU marketplaces in bulk; the check lists the rest', async () => {
    const before = await get(admin, 'check?marketplace=de&pageSize=50');
    expect(before.status, before.msg).toBe(200);
    const ids = (before.data.list as { goods_id: number }[]).map((r) => r.goods_id);
    expect(ids).toEqual(expect.arrayContaining([goods.a, goods.b, goods.c]));
    expect(ids).not.toContain(goods.recycled);
    expect(before.data.list.find((r: { goods_id: number }) => r.goods_id === goods.a).missing).toEqual(['no_profile']);

    const applied = await post(admin, 'apply', { profile_id: id, marketplaces: ['de', 'FR'], ids: [goods.a, goods.b] });
    expect(applied).toMatchObject({ status: 200, data: { goods: 2, pairs: 4 } });
    const de = await get(admin, 'check?marketplace=de&pageSize=50');
    const deIds = (de.data.list as { goods_id: number }[]).map((r) => r.goods_id);
    expect(deIds).toContain(goods.c);
    expect(deIds).not.toContain(goods.a);
    expect(deIds).not.toContain(goods.b);
    expect(de.data.counts.de).toBe(de.data.total);
    expect(de.data.counts.it).toBe(de.data.counts.de + 2);
    // Italy was not chosen: still listed there.
    const it = await get(admin, 'check?marketplace=it&pageSize=50');
    expect((it.data.list as { goods_id: number }[]).map((r) => r.goods_id)).toContain(goods.a);
    expect((await get(admin, `profile/get?id=${id}`)).data.used).toBe(4);

    // An incomplete profile is listed with what it lacks; a used profile cannot be deleted.
    const draft = (await get(admin, 'profile/list?keyword=草稿')).data.list[0];
    await post(admin, 'apply', { profile_id: draft.id, marketplaces: ['de'], ids: [goods.b] });
    const row = (await get(admin, 'check?marketplace=de&pageSize=50')).data.list.find(
      (r: { goods_id: number }) => r.goods_id === goods.b,
    );
    expect(row).toMatchObject({
      profile_id: draft.id,
      profile_name: '草稿',
      missing: ['manufacturer', 'responsible', 'safety'],
    });
    expect((await post(admin, 'profile/delete', { ids: [draft.id] })).msg).toBe(
      '档案「草稿」正用于1个商品站点,请先为这些商品应用其他档案',
    );
  });

  it('refuses other tenants’ products and profiles, non-EU marketplaces and empty selections', async () => {
    expect(
      (await post(admin, 'apply', { profile_id: id, marketplaces: ['de'], ids: [goods.a, goods.other] })).http,
    ).toBe(404);
    expect((await post(other, 'apply', { profile_id: id, marketplaces: ['de'], ids: [goods.other] })).http).toBe(404);
    expect((await post(admin, 'apply', { profile_id: id, marketplaces: ['us'], ids: [goods.a] })).msg).toMatch(
      /只能选择欧盟站点/,
    );
    expect((await post(admin, 'apply', { profile_id: id, marketplaces: ['de'], ids: [goods.recycled] })).msg).toBe(
      '没有可应用的商品(回收站中的商品除外)',
    );
    expect((await post(admin, 'apply', { profile_id: id, marketplaces: ['de'] })).msg).toBe('请选择商品或筛选条件');
    // The other tenant's link table stays untouched and its check sees only its own product.
    const check = await get(other, 'check?marketplace=de');
    expect(check.data.list.map((r: { goods_id: number }) => r.goods_id)).toEqual([goods.other]);
  });

  it('applies to every product of a product-list filter', async () => {
    const r = await post(admin, 'apply', { profile_id: id, marketplaces: ['pl'], filter: { is_delete: 0 } });
    expect(r).toMatchObject({ status: 200, data: { goods: 3 } });
    expect((await get(admin, 'check?marketplace=pl')).data.total).toBe(0);
  });

  it('移除资料: takes the profile away from products in the chosen marketplaces only; the check lists them again', async () => {
    const applied = await post(admin, 'apply', { profile_id: id, marketplaces: ['se', 'be'], ids: [goods.a, goods.b] });
    expect(applied).toMatchObject({ status: 200, data: { goods: 2, pairs: 4 } });
    const removed = await post(admin, 'remove', { marketplaces: ['se'], ids: [goods.a] });
    expect(removed).toMatchObject({ status: 200, msg: '移除成功', data: { goods: 1, pairs: 1 } });
    const se = (await get(admin, 'check?marketplace=se&pageSize=50')).data.list.map(
      (r: { goods_id: number }) => r.goods_id,
    );
    expect(se).toContain(goods.a);
    expect(se).not.toContain(goods.b);
    const be = (await get(admin, 'check?marketplace=be&pageSize=50')).data.list.map(
      (r: { goods_id: number }) => r.goods_id,
    );
    expect(be).not.toContain(goods.a);
    // Another tenant's product: 404 and nothing removed; no marketplace or no selection: 400.
    expect((await post(admin, 'remove', { marketplaces: ['be'], ids: [goods.a, goods.other] })).http).toBe(404);
    expect((await post(admin, 'remove', { marketplaces: [], ids: [goods.a] })).msg).toBe('请选择站点');
    expect((await post(admin, 'remove', { marketplaces: ['be'] })).msg).toBe('请选择商品或筛选条件');
    const beAfter = (await get(admin, 'check?marketplace=be&pageSize=50')).data.list.map(
      (r: { goods_id: number }) => r.goods_id,
    );
    expect(beAfter).not.toContain(goods.a);
    // A product-list filter: every product of it.
    const all = await post(admin, 'remove', { marketplaces: ['be'], filter: { is_delete: 0 } });
    expect(all).toMatchObject({ status: 200, data: { goods: 3, pairs: 2 } });
  });
});
