import type { Auth } from '@console/shared/constants/roles';
import { CATEGORY_SLUG_MSG } from '@console/shared/schemas/site-category';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/db/types.js';
import { insertCategory } from '../../src/modules/goods-library/category.repository.js';
import { buildTenant, buildUser, TEST_PASSWORD } from '../factories.js';
import { call, type Session, signIn, useTestApp } from '../harness.js';
import { siteBody } from './site-support.js';

const t = useTestApp();
/** The jsonb columns of a site product row inserted directly. */
const EMPTY = { texts: '{}', pictures: '[]', variations: '[]' };
let tenant: UserRow;
let admin: Session;
let other: Session;
let noSite: Session;
const sessions = {} as Record<Auth, Session>;

type Node = { id: number; version: number; slug: string; names: Record<string, string>; children: Node[] };

const list = (s: Session) => call(t.app, s, 'GET', '/PDD/site/category/list');
const post = (s: Session, op: string, body?: object) => call(t.app, s, 'POST', `/PDD/site/category/${op}`, body);
const create = (s: Session, body: object) => post(s, 'create', body);
const tree = async (s: Session): Promise<Node[]> => (await list(s)).data.tree;
/** The tree as `slug[child,child]` text, in order. */
const shape = (nodes: Node[]): string =>
  nodes.map((n) => (n.children.length ? `${n.slug}[${shape(n.children)}]` : n.slug)).join(',');

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
  noSite = await signIn(t.app, (await buildTenant(t.db)).account, TEST_PASSWORD);
  const own = await call(t.app, admin, 'POST', '/PDD/site/basic/save', siteBody({ slug: 'cat-home' }));
  expect(own.status, own.msg).toBe(200);
  const theirs = await call(t.app, other, 'POST', '/PDD/site/basic/save', siteBody({ slug: 'cat-other' }));
  expect(theirs.status, theirs.msg).toBe(200);
});

describe('site categories (建站 站点分类)', () => {
  it('company and personal admins manage categories; every other role is refused', async () => {
    for (const auth of [0, 4] as const) expect((await list(sessions[auth])).status, `auth ${auth}`).toBe(200);
    for (const auth of [1, 2, 3, 5, 6] as const) {
      expect((await list(sessions[auth])).status, `auth ${auth}`).toBe(403);
      expect((await create(sessions[auth], { names: { en: 'X' } })).status, `auth ${auth}`).toBe(403);
      expect((await post(sessions[auth], 'import-library')).status, `auth ${auth}`).toBe(403);
    }
  });

  it('without a site: an empty tree, and writes ask for the basic settings first', async () => {
    expect((await list(noSite)).data).toEqual({ site: null, tree: [] });
    expect(await create(noSite, { names: { en: 'X' } })).toMatchObject({
      status: 400,
      msg: '请先在基础设置中创建站点',
    });
    expect(await post(noSite, 'import-library')).toMatchObject({ status: 400, msg: '请先在基础设置中创建站点' });
  });

  it('creates, edits and moves categories (drag and drop), refuses cycles and stale versions, logs sentences', async () => {
    const kitchen = await create(admin, { names: { en: 'Kitchen', de: 'Küche' } });
    expect(kitchen).toMatchObject({ status: 200, data: { slug: 'kitchen', parent_id: null, position: 0, version: 1 } });
    const garden = (await create(admin, { names: { en: 'Garden & Patio' }, slug: '' })).data;
    expect(garden.slug).toBe('garden-patio');
    const cups = (await create(admin, { parent_id: kitchen.data.id, names: { en: 'Cups' }, slug: 'cups' })).data;
    const dup = await create(admin, { names: { en: 'Kitchen' } });
    expect(dup.data.slug).toBe('kitchen-2');
    expect(await create(admin, { names: { en: 'Other' }, slug: 'cups' })).toMatchObject({
      status: 409,
      msg: '分类标识「cups」已被其他分类使用',
    });
    expect(shape(await tree(admin))).toBe('kitchen[cups],garden-patio,kitchen-2');

    // Drag garden under kitchen, before cups.
    const moved = await post(admin, 'move', { id: garden.id, version: 1, parent_id: kitchen.data.id, position: 0 });
    expect(moved).toMatchObject({ status: 200, data: { id: garden.id, version: 2 } });
    expect(shape(await tree(admin))).toBe('kitchen[garden-patio,cups],kitchen-2');
    // Kitchen under its own child, or under itself: a cycle.
    for (const parent of [garden.id, kitchen.data.id]) {
      const cycle = await post(admin, 'move', { id: kitchen.data.id, version: 1, parent_id: parent, position: 0 });
      expect(cycle).toMatchObject({ status: 400, msg: '不能把分类移动到它自己或它的下级分类下' });
    }
    const stale = await post(admin, 'move', { id: garden.id, version: 1, parent_id: null, position: 0 });
    expect(stale).toMatchObject({ status: 409, data: { code: expect.any(String), version: 2 } });

    const edited = await post(admin, 'update', {
      id: cups.id,
      version: 1,
      names: { en: 'Mugs', de: 'Tassen' },
      slug: 'mugs',
      seo: { de: { title: 'Tassen kaufen', description: '' } },
    });
    expect(edited).toMatchObject({
      status: 200,
      data: { slug: 'mugs', version: 2, names: { en: 'Mugs', de: 'Tassen' }, seo: { de: { title: 'Tassen kaufen' } } },
    });
    expect(await post(admin, 'update', { id: cups.id, version: 1, names: { en: 'Again' } })).toMatchObject({
      status: 409,
      data: { version: 2 },
    });

    const log = await call(t.app, admin, 'GET', '/PDD/opera-log/list?action=site.category.move');
    const texts = (log.data.list as { action: string; text: string }[]).map((r) => r.text);
    expect(
      texts.some((x) => / 把站点分类「Garden & Patio」移动到「Kitchen」下第 1 位$/.test(x)),
      texts.join('\n'),
    ).toBe(true);
  });

  it('refuses bad input with a Chinese message', async () => {
    const cases: [object, number, string][] = [
      [{ names: { en: 'x'.repeat(101) } }, 400, '长度不能大于 100 个字符'],
      [{ names: {} }, 400, '请填写分类名称'],
      [{ names: { en: '   ' } }, 400, '请填写分类名称'],
      [{ names: { en: 'X', xx: 'X' } }, 400, '不支持的字段: xx'],
      [{ names: { fr: 'Cuisine' } }, 400, '法语不是站点语言,请先在基础设置中添加'],
      [{ names: { de: 'Nur Deutsch' } }, 400, '请填写默认语言(英语)的分类名称'],
      [{ names: { en: 'X' }, slug: 'Bad Slug' }, 400, CATEGORY_SLUG_MSG],
      [{ names: { en: 'X' }, slug: '-x' }, 400, CATEGORY_SLUG_MSG],
      [{ names: { en: 'X' }, seo: { en: { title: 't'.repeat(201) } } }, 400, '长度不能大于 200 个字符'],
      [{ names: { en: 'X' }, parent_id: 999_999_999 }, 404, '上级分类不存在'],
      [{ names: { en: 'X' }, tenant_id: 1 }, 400, '不支持的字段'],
    ];
    for (const [body, status, msg] of cases) {
      const res = await create(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.msg, JSON.stringify(body)).toContain(msg);
    }
  });

  it('delete is refused while a category has children or products, saying how many', async () => {
    const parent = (await create(admin, { names: { en: 'Lamps' } })).data;
    const child = (await create(admin, { parent_id: parent.id, names: { en: 'Desk lamps' } })).data;
    const site = await t.db
      .selectFrom('sites')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    for (const slug of ['lamp-a', 'lamp-b']) {
      await t.db
        .insertInto('site_products')
        .values({
          tenant_id: tenant.id,
          site_id: Number(site.id),
          slug,
          price: '9.90',
          category_ids: [child.id],
          ...EMPTY,
        })
        .execute();
    }
    expect(await post(admin, 'delete', { id: parent.id, version: 1 })).toMatchObject({
      status: 400,
      msg: '该分类下还有 1 个子分类,请先删除或移走子分类',
    });
    expect(await post(admin, 'delete', { id: child.id, version: 1 })).toMatchObject({
      status: 400,
      msg: '该分类下还有 2 个站点商品,请先把商品移出该分类',
    });
    const listed = (await tree(admin)).find((n) => n.id === parent.id)!;
    expect(listed.children[0]).toMatchObject({ id: child.id, product_count: 2 });
    await t.db.deleteFrom('site_products').where('tenant_id', '=', tenant.id).execute();
    expect((await post(admin, 'delete', { id: child.id, version: 1 })).status).toBe(200);
    expect(await post(admin, 'delete', { id: parent.id, version: 7 })).toMatchObject({
      status: 409,
      data: { version: 1 },
    });
    expect((await post(admin, 'delete', { id: parent.id, version: 1 })).status).toBe(200);
    expect((await tree(admin)).some((n) => n.id === parent.id)).toBe(false);
  });

  it("another tenant's categories are not found, and its tree is never shown", async () => {
    const mine = (await create(admin, { names: { en: 'Mine only' } })).data;
    const theirs = (await create(other, { names: { en: 'Theirs' } })).data;
    for (const [op, body] of [
      ['update', { id: mine.id, version: 1, names: { en: 'Stolen' } }],
      ['move', { id: mine.id, version: 1, parent_id: null, position: 0 }],
      ['delete', { id: mine.id, version: 1 }],
    ] as const) {
      expect(await post(other, op, body), op).toMatchObject({ status: 404, msg: '分类不存在' });
    }
    expect(await post(other, 'move', { id: theirs.id, version: 1, parent_id: mine.id, position: 0 })).toMatchObject({
      status: 404,
      msg: '上级分类不存在',
    });
    expect(await create(other, { parent_id: mine.id, names: { en: 'X' } })).toMatchObject({ status: 404 });
    expect(shape(await tree(other))).toBe('theirs');
    expect((await tree(admin)).find((n) => n.id === mine.id)?.names).toEqual({ en: 'Mine only' });
  });

  it('imports the library tree once (idempotent by library category), parents first, names in the site languages', async () => {
    const owner = await buildTenant(t.db);
    const s = await signIn(t.app, owner.account, TEST_PASSWORD);
    const tenantId = owner.tenant_id;
    await call(t.app, s, 'POST', '/PDD/site/basic/save', siteBody({ slug: 'imp-shop', languages: ['en', 'zh-CN'] }));
    const lib = async (parent: number, name: string, sort: number) =>
      Number((await insertCategory(t.db, { tenant_id: tenantId, parent_id: parent, name, sort })).id);
    const clothes = await lib(0, '服装', 0);
    await lib(clothes, '男装', 0);
    await lib(clothes, '女装', 1);
    await lib(0, 'Accessories', 1);
    expect(await post(s, 'import-library')).toMatchObject({ status: 200, data: { created: 4, existing: 0 } });
    expect(await post(s, 'import-library')).toMatchObject({ status: 200, data: { created: 0, existing: 4 } });
    await lib(clothes, '童装', 2);
    expect(await post(s, 'import-library')).toMatchObject({ status: 200, data: { created: 1, existing: 4 } });
    const imported = await tree(s);
    expect(shape(imported)).toBe('fuzhuang[nanzhuang,nvzhuang,tongzhuang],accessories');
    expect(imported[0]!.names).toEqual({ 'zh-CN': '服装', en: '服装' });
  });
});
