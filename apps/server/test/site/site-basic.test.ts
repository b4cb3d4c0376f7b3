import type { Auth } from '@console/shared/constants/roles';
import { SLUG_MSG } from '@console/shared/schemas/site';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { siteBody, uploadImage } from './site-support.js';

const t = useTestApp();
let tenant: UserRow;
let admin: Session;
let other: Session;
const sessions = {} as Record<Auth, Session>;

beforeAll(async () => {
  tenant = await buildTenant(t.db);
  admin = await signIn(t.app, tenant.account, TEST_PASSWORD);
  sessions[0] = admin;
  for (const auth of [1, 2, 3, 6] as const) {
    sessions[auth] = await signIn(t.app, (await buildUser(t.db, tenant, { auth })).account, TEST_PASSWORD);
  }
  for (const auth of [4, 5] as const) {
    sessions[auth] = await signIn(t.app, (await buildTenant(t.db, { auth })).account, TEST_PASSWORD);
  }
  other = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
});

const get = (s: Session) => call(t.app, s, 'GET', '/PDD/site/basic/get');
const save = (s: Session, body: object) => call(t.app, s, 'POST', '/PDD/site/basic/save', body);

describe('site basic settings (建站 基础设置)', () => {
  it('company and personal admins manage the site; every other role is refused', async () => {
    for (const auth of [0, 4] as const) expect((await get(sessions[auth])).status, `auth ${auth}`).toBe(200);
    for (const auth of [1, 2, 3, 5, 6] as const) {
      expect((await get(sessions[auth])).status, `auth ${auth}`).toBe(403);
      expect((await save(sessions[auth], siteBody({ slug: `r${auth}-site` }))).status, `auth ${auth}`).toBe(403);
    }
    expect((await call(t.app, null, 'GET', '/PDD/site/basic/get')).status).toBe(401);
  });

  it('creates the site from defaults, updates it with its version, refuses a stale save and logs a sentence', async () => {
    const empty = await get(admin);
    expect(empty.data).toMatchObject({ id: null, version: 0, slug: `shop${tenant.id}`, preview_path: null });
    const logo = await uploadImage(t, admin);
    const created = await save(
      admin,
      siteBody({
        logo,
        favicon: logo,
        domains: [' Shop.Acme-Home.example. '],
        legal: { en: { privacy: '# Data\nWe keep little.', returns: '', terms: '' } },
      }),
    );
    expect(created.msg).toBe('保存成功');
    expect(created.data).toMatchObject({
      version: 1,
      slug: 'acme-home',
      domains: ['shop.acme-home.example'],
      logo,
      favicon: logo,
      preview_path: '/s/acme-home/',
      published: true,
    });
    expect((await get(admin)).data).toEqual(created.data);

    const stale = await save(admin, siteBody({ version: 0, name: 'Again' }));
    expect(stale).toMatchObject({ status: 409, data: { version: 1 } });
    const updated = await save(admin, siteBody({ version: 1, name: 'Acme Living', published: false }));
    expect(updated.data).toMatchObject({ version: 2, name: 'Acme Living', domains: [], logo: null });

    const log = await call(t.app, admin, 'GET', '/PDD/opera-log/list?action=site.basic.save');
    expect(log.status, log.msg).toBe(200);
    const texts = (log.data.list as { action: string; text: string }[])
      .filter((r) => r.action === 'site.basic.save')
      .map((r) => r.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/ 保存了站点「Acme Living」的基础设置,并下线了站点$/);
    expect(texts[1]).toMatch(/ 创建了站点「Acme Home」并发布$/);
  });

  it('refuses a slug or a domain another tenant uses, and another tenant’s image', async () => {
    const mine = await get(admin);
    await save(admin, siteBody({ version: mine.data.version, slug: 'taken-slug', domains: ['www.taken.example'] }));
    const slug = await save(other, siteBody({ slug: 'taken-slug' }));
    expect(slug).toMatchObject({ status: 409, msg: '预览地址标识「taken-slug」已被其他站点使用' });
    const domain = await save(other, siteBody({ slug: 'other-shop', domains: ['free.example', 'WWW.taken.example'] }));
    expect(domain).toMatchObject({ status: 409, msg: '域名 www.taken.example 已被其他站点绑定' });
    const foreignLogo = await uploadImage(t, admin);
    const logo = await save(other, siteBody({ slug: 'other-shop', logo: foreignLogo }));
    expect(logo).toMatchObject({ status: 400, msg: 'Logo图片不存在,请重新上传' });
    // The other tenant still has no site, and reads only its own defaults.
    expect((await get(other)).data).toMatchObject({ id: null, version: 0 });
  });

  it('refuses bad input with a Chinese message', async () => {
    const cases: [object, string][] = [
      [
        { domains: ['http://shop.example.com'] },
        '域名格式不正确:http://shop.example.com(例如 shop.example.com,不含 http:// 和端口)',
      ],
      [
        { domains: ['shop.example.com:8080'] },
        '域名格式不正确:shop.example.com:8080(例如 shop.example.com,不含 http:// 和端口)',
      ],
      [{ domains: ['a.example.com', 'A.example.com'] }, '域名重复:a.example.com'],
      [{ domains: ['a.ex.com', 'b.ex.com', 'c.ex.com', 'd.ex.com', 'e.ex.com', 'f.ex.com'] }, '最多绑定5个域名'],
      [{ slug: 'Bad_Slug' }, SLUG_MSG],
      [{ slug: '1abc' }, SLUG_MSG],
      [{ slug: 'ab' }, SLUG_MSG],
      [{ slug: 'trailing-' }, SLUG_MSG],
      [{ name: '  ' }, '请填写站点名称'],
      [{ languages: ['en', 'xx'] }, '语言不支持'],
      [{ languages: [] }, '请选择站点语言'],
      [{ languages: ['en', 'en'] }, '站点语言重复'],
      [{ default_language: 'fr' }, '默认语言必须是已选语言之一'],
      [{ currency: 'XYZ' }, '请选择币种'],
      [{ contact: { email: 'not-an-email', phone: '', address: '' } }, '联系邮箱格式不正确'],
      [{ logo: 'https://evil.example/x.png' }, '请先上传图片'],
      [{ tenant_id: 1 }, '不支持的字段'],
    ];
    for (const [over, msg] of cases) {
      const res = await save(admin, siteBody({ slug: 'valid-slug', ...over }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.msg, JSON.stringify(over)).toContain(msg);
    }
  });
});
