import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createChild, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { confirmPop, pane } from './support/goods-library';
import { clickInPopup } from './support/popup';

// The e2e server runs TRANSLATE_PROVIDER=demo (e2e/global-setup.ts): the Google simulator
// answers "[code] " + the text upper-cased outside protected tokens, and the demo marks every
// text with "[演示] ". So "[演示] [de] AcmePro X1 ..." proves the brand was protected (an
// unprotected brand would come back as "ACMEPRO X1").

let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);

const BRAND = 'AcmePro X1';
const ZH_TITLE = `${BRAND} 不锈钢真空保温杯`;
// 237 UTF-8 bytes: fits the 249-byte search-terms limit in Chinese; "[演示] [xx] " (14 bytes more)
// does not. (Search terms over the limit still save; a title over 200 characters would not.)
const ZH_SEARCH = '保温杯 水杯 '.repeat(14).trim();
const ZH_BULLETS = [`${BRAND} 保温 12 小时`, '食品级不锈钢'];

let owner: { account: string; password: string };
let api: ApiClient;
let goodsId = 0;

interface Desc {
  key: string;
  title: string;
  bullet_points: string[];
  search_terms: string;
}

async function descsOf(id: number): Promise<Desc[]> {
  const r = await api.call<{ goodsData: { commonData: { descs: Desc[] } } }>('GET', `/amazon-user/getProduct?id=${id}`);
  return r.data.goodsData.commonData.descs;
}

async function usageChars(): Promise<number> {
  const r = await api.call<{ totals: Record<string, { chars: number }> }>('GET', '/transfer/usage?days=7');
  return r.data.totals.demo?.chars ?? 0;
}

const langTab = (root: ReturnType<typeof pane>, key: string) =>
  root.locator(`.lang-tabs .ant-tabs-tab[data-node-key="${key}"]`);

/** Opens the editor's 文本 pane of a product. */
async function openTexts(p: Page, root: ReturnType<typeof pane>) {
  await root.getByRole('tab', { name: '文本', exact: true }).click();
  await root.getByTestId('translate-toolbar').waitFor();
  void p;
}

/** 一键翻译 -> 开始翻译; waits for the progress and the completion box, which it closes. */
async function translateAll(p: Page, root: ReturnType<typeof pane>) {
  await root.getByTestId('translate-all').click();
  const dialog = p.locator('.ant-modal', { hasText: '一键翻译所有语言' });
  await dialog.getByTestId('translate-all-mode').getByText('将在服务器上翻译并保存本商品').waitFor();
  await clickInPopup(dialog.getByTestId('translate-all-start'));
  await dialog.getByTestId('translate-progress').waitFor();
  const done = p.locator('.ant-modal-confirm', { hasText: '翻译完成,已保存' });
  await done.waitFor({ timeout: 30_000 });
  const summary = await done.getByTestId('translate-summary').textContent();
  await clickInPopup(done.getByRole('button', { name: '知道了' }));
  await done.waitFor({ state: 'detached' });
  return summary ?? '';
}

beforeAll(async () => {
  browser = await launchBrowser();
  // A tenant of its own: its glossary, memory and usage start empty.
  owner = createMainAccount(env().dataDir, 0);
  api = new ApiClient(env().baseUrl);
  await api.login(owner.account, owner.password);
});
afterAll(async () => {
  await browser?.close();
});

describe('translation', () => {
  it('admin screen: adds a do-not-translate brand, refuses a duplicate, edits and deletes a forced term', async () => {
    const s = await signedInPage(browser, owner.account, owner.password, '#/goods/admin/translation');
    page = s.page;
    const p = s.page;
    const root = pane(p, '/goods/admin/translation');
    await root.getByTestId('glossary-add').click();
    const dialog = p.locator('.ant-modal', { hasText: '添加术语' });
    await dialog.getByTestId('glossary-term').fill(BRAND);
    await clickInPopup(dialog.getByRole('button', { name: '保存' }));
    await p.getByText('保存成功').first().waitFor();
    const table = root.getByTestId('glossary-table');
    await table.locator('tr', { hasText: BRAND }).getByText('不翻译').waitFor();

    // The same term in another case: 409 shown in the dialog.
    await root.getByTestId('glossary-add').click();
    await dialog.getByTestId('glossary-term').fill(BRAND.toLowerCase());
    await clickInPopup(dialog.getByRole('button', { name: '保存' }));
    await expect.poll(() => dialog.getByTestId('glossary-error').textContent()).toContain('该术语已存在');
    await clickInPopup(dialog.getByRole('button', { name: '取消' }));

    // A forced translation for German, edited, then deleted.
    await root.getByTestId('glossary-add').click();
    await dialog.getByTestId('glossary-term').fill('thermos');
    await clickInPopup(dialog.locator('.ant-select'));
    await clickInPopup(p.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('德语'));
    await clickInPopup(dialog.getByText('指定译法'));
    await dialog.getByTestId('glossary-translation').fill('Thermosflasche');
    await clickInPopup(dialog.getByRole('button', { name: '保存' }));
    const row = table.locator('tr', { hasText: 'thermos' });
    await row.getByText('Thermosflasche').waitFor();
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = p.locator('.ant-modal', { hasText: '编辑术语' });
    await edit.getByTestId('glossary-translation').fill('Isolierflasche');
    await clickInPopup(edit.getByRole('button', { name: '保存' }));
    await row.getByText('Isolierflasche').waitFor();
    const list = await api.call<{ term: string; lang: string; translation: string }[]>(
      'GET',
      '/transfer/glossary/list',
    );
    expect(list.data).toEqual([
      expect.objectContaining({ term: BRAND, lang: '', translation: '' }),
      expect.objectContaining({ term: 'thermos', lang: 'de', translation: 'Isolierflasche' }),
    ]);
    await row.getByRole('button', { name: '删除' }).click();
    await confirmPop(p);
    await expect.poll(() => row.count()).toBe(0);
    expect((await api.call<unknown[]>('GET', '/transfer/glossary/list')).data).toHaveLength(1);
    await s.context.close();
  });

  it('translates every language in one click with progress; brand intact; over-limit flags; a second run costs nothing', async () => {
    const created = await api.call<{ id: number }>('POST', '/amazon-user/insertGoods_v2', {
      goodsData: {
        baseInfo: { sku: `TR${Date.now().toString(36).toUpperCase()}` },
        commonData: {
          descs: [{ key: 'zh-CN', title: ZH_TITLE, bullet_points: ZH_BULLETS, search_terms: ZH_SEARCH }],
        },
      },
    });
    expect(created.status).toBe(200);
    goodsId = created.data.id;
    expect(await usageChars()).toBe(0);

    const path = `/goods/admin/update/${goodsId}`;
    const s = await signedInPage(browser, owner.account, owner.password, `#${path}`);
    page = s.page;
    const p = s.page;
    const root = pane(p, path);
    await openTexts(p, root);
    await root.getByTestId('translate-demo').waitFor(); // the demo provider is announced
    await root.getByTestId('translate-source-tag-zh-CN').waitFor(); // Chinese has text: it is the source
    const summary = await translateAll(p, root);
    expect(summary).toContain('已翻译 11 种语言');
    expect(summary).toContain('以下语言超出平台限制');
    expect(summary).toContain('德语: 搜索词(字节) 251/249');

    // The editor reloaded the stored product: texts filled, demo-marked, brand intact.
    await langTab(root, 'en').click();
    const en = await root.getByTestId('title-en').inputValue();
    expect(en).toBe(`[演示] [en] ${ZH_TITLE}`);
    expect(await root.getByTestId('bullet-en-0').inputValue()).toBe(`[演示] [en] ${BRAND} 保温 12 小时`);
    const stored = await descsOf(goodsId);
    for (const key of ['en', 'fr', 'de', 'it', 'es', 'nl', 'ja', 'se', 'pl', 'br', 'ae']) {
      const d = stored.find((x) => x.key === key);
      expect(d?.title, key).toContain(`] ${BRAND} `);
      expect(d?.title.startsWith('[演示] '), key).toBe(true);
    }
    expect(stored.find((d) => d.key === 'se')?.title.startsWith('[演示] [sv] ')).toBe(true);

    // Over-limit: every translated language's tab is flagged, Chinese is not; the field says by how much.
    await root.getByTestId('lang-over-de').waitFor();
    expect(await root.getByTestId('lang-over-de').textContent()).toBe('1');
    expect(await root.getByTestId('lang-over-zh-CN').count()).toBe(0);
    await langTab(root, 'de').click();
    const dePane = root.getByTestId('lang-pane-de');
    expect(await dePane.getByTestId('over-limit-flag').first().textContent()).toContain('超出2');
    expect(await dePane.getByTestId('search-de').getAttribute('class')).toContain('ant-input-status-error');
    expect(await dePane.getByTestId('title-de').getAttribute('class')).not.toContain('ant-input-status-error');

    // A second run: everything comes from the translation memory, no character is sent.
    const chars = await usageChars();
    expect(chars).toBeGreaterThan(0);
    const again = await translateAll(p, root);
    expect(again).toContain('已翻译 11 种语言');
    expect(await usageChars()).toBe(chars);
    expect((await descsOf(goodsId)).find((d) => d.key === 'de')?.title).toBe(stored.find((d) => d.key === 'de')?.title);
    await s.context.close();
  });

  it('translates one field; asks before replacing hand-typed text; a hand correction is stored on save', async () => {
    const path = `/goods/admin/update/${goodsId}`;
    const s = await signedInPage(browser, owner.account, owner.password, `#${path}`);
    page = s.page;
    const p = s.page;
    const root = pane(p, path);
    await openTexts(p, root);
    await langTab(root, 'de').click();
    const de = root.getByTestId('lang-pane-de');

    // An emptied field is translated again from the source.
    await de.getByTestId('search-de').fill('');
    await de.getByTestId('translate-search_terms-de').click();
    await expect
      .poll(() => de.getByTestId('search-de').inputValue(), { timeout: 10_000 })
      .toBe(`[演示] [de] ${ZH_SEARCH}`);

    // Typed text is not replaced without asking.
    const machineTitle = await de.getByTestId('title-de').inputValue();
    await de.getByTestId('title-de').fill('Mein eigener Titel');
    await de.getByTestId('translate-title-de').click();
    const ask = p.locator('.ant-modal-confirm', { hasText: '覆盖手工输入的内容?' });
    await ask.waitFor();
    await clickInPopup(ask.getByRole('button', { name: '覆盖' }));
    await expect.poll(() => de.getByTestId('title-de').inputValue(), { timeout: 10_000 }).toBe(machineTitle);

    // A hand change of a machine-translated bullet becomes a correction when the product is saved.
    await de.getByTestId('bullet-de-1').fill('Lebensmittelechter Edelstahl');
    await root.getByTestId('editor-save').click();
    await p.getByText('已记录1处译文修正').waitFor();
    const corrections = await api.call<{ list: { source_text: string; text: string; target_lang: string }[] }>(
      'GET',
      '/transfer/corrections/list',
    );
    expect(corrections.data.list).toEqual([
      expect.objectContaining({ source_text: '食品级不锈钢', text: 'Lebensmittelechter Edelstahl', target_lang: 'de' }),
    ]);
    await s.context.close();
  });

  it('an unsaved product is translated in the form', async () => {
    const s = await signedInPage(browser, owner.account, owner.password, '#/goods/admin/create');
    page = s.page;
    const p = s.page;
    const root = pane(p, '/goods/admin/create');
    await openTexts(p, root);
    await root.getByTestId('title-zh-CN').fill(`${BRAND} 旅行杯`);
    await langTab(root, 'fr').click();
    await root.getByTestId('translate-lang-fr').click();
    await expect
      .poll(() => root.getByTestId('title-fr').inputValue(), { timeout: 10_000 })
      .toBe(`[演示] [fr] ${BRAND} 旅行杯`);
    await root.getByTestId('editor-dirty').waitFor();
    await s.context.close();
  });

  it('a provider failure leaves the form as it was with the message; without a provider the buttons explain the setup', async () => {
    // The e2e server runs the demo provider, which cannot fail: the browser gets the server's
    // real answers for these cases (their shape is API-tested in apps/server/test/translate/).
    const s = await signedInPage(browser, owner.account, owner.password, '#/goods/admin/create');
    page = s.page;
    const p = s.page;
    await p.route('**/PDD/transfer/mulObjGoogleTran', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ status: 502, msg: '翻译服务暂时不可用,请稍后重试', data: null }),
      }),
    );
    const root = pane(p, '/goods/admin/create');
    await openTexts(p, root);
    await root.getByTestId('title-zh-CN').fill(`${BRAND} 失败测试`);
    await root.getByTestId('search-zh-CN').fill('保温杯');
    await langTab(root, 'de').click();
    await root.getByTestId('search-de').fill('handgeschrieben');
    await root.getByTestId('translate-lang-de').click();
    await p.getByText('翻译服务暂时不可用,请稍后重试').waitFor();
    // Nothing was applied: the empty title stays empty, the hand-typed terms stay.
    expect(await root.getByTestId('title-de').inputValue()).toBe('');
    expect(await root.getByTestId('search-de').inputValue()).toBe('handgeschrieben');
    await s.context.close();

    const n = await signedInPage(browser, owner.account, owner.password, '#/goods/admin/create');
    page = n.page;
    await n.page.route('**/PDD/transfer/status', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 200,
          msg: '',
          data: {
            provider: 'none',
            configured: false,
            demo: false,
            message:
              '未配置翻译服务: 请管理员在服务器环境变量中设置 TRANSLATE_PROVIDER (google、deepl、libretranslate 或 openai) 和 TRANSLATE_API_KEY 后重启服务',
          },
        }),
      }),
    );
    const root2 = pane(n.page, '/goods/admin/create');
    await openTexts(n.page, root2);
    await root2.getByTestId('translate-unconfigured').waitFor();
    await root2.getByTestId('title-zh-CN').fill(`${BRAND} 未配置`);
    await langTab(root2, 'fr').click();
    await root2.getByTestId('translate-lang-fr').click();
    const help = n.page.locator('.ant-modal-confirm', { hasText: 'TRANSLATE_PROVIDER' });
    await help.waitFor();
    expect(await root2.getByTestId('title-fr').inputValue()).toBe('');
    await help.getByRole('button', { name: '知道了' }).click();
    await help.waitFor({ state: 'detached' });
    // 一键翻译 explains before opening its dialog: an admin learns what to set and where.
    await root2.getByTestId('translate-all').click();
    await help.getByText('重启控制台服务后即可使用').waitFor();
    expect(await n.page.getByTestId('translate-all-mode').count()).toBe(0);
    await n.context.close();

    // A worker is told to ask the administrator, with no server settings.
    const worker = await createChild(api, 2);
    const w = await signedInPage(browser, worker.account, worker.password, '#/goods/admin/create');
    page = w.page;
    await w.page.route('**/PDD/transfer/status', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 200,
          msg: '',
          data: { provider: 'none', configured: false, demo: false, message: '未配置翻译服务' },
        }),
      }),
    );
    const root3 = pane(w.page, '/goods/admin/create');
    await openTexts(w.page, root3);
    await root3.getByTestId('translate-unconfigured').waitFor();
    await root3.getByTestId('translate-all').click();
    const workerHelp = w.page.getByTestId('translate-help');
    await workerHelp.getByText('请联系您的管理员(主账号)开通').waitFor();
    expect(await workerHelp.textContent()).not.toContain('TRANSLATE_PROVIDER');
    expect(await w.page.getByTestId('translate-all-mode').count()).toBe(0);
    await w.context.close();
  });

  it('admin screen: memory search, corrections and usage', async () => {
    const s = await signedInPage(browser, owner.account, owner.password, '#/goods/admin/translation');
    page = s.page;
    const p = s.page;
    const root = pane(p, '/goods/admin/translation');
    await root.getByRole('tab', { name: '翻译记忆' }).click();
    await root.getByTestId('memory-keyword').fill('食品级');
    await root.getByTestId('memory-search').click();
    const memory = root.getByTestId('memory-table');
    await memory.locator('tr.ant-table-row', { hasText: '[de] 食品级不锈钢' }).waitFor();
    await root.locator('.ant-segmented').getByText('人工修正').click();
    await root.getByTestId('correction-table').getByText('Lebensmittelechter Edelstahl').waitFor();

    await root.getByRole('tab', { name: '用量' }).click();
    await expect.poll(() => root.getByTestId('usage-provider').textContent()).toBe('演示(模拟)');
    const chars = await usageChars();
    await expect
      .poll(() => root.getByTestId('usage-totals').textContent())
      .toContain(`${chars.toLocaleString('en-US')} 字符`);
    await root.getByTestId('usage-table').locator('tr.ant-table-row').first().waitFor();
    await s.context.close();
  });

  it('a worker sees the permission page and no menu entry for the admin screen', async () => {
    const worker = await createChild(api, 2);
    const s = await signedInPage(browser, worker.account, worker.password, '#/goods/admin/translation');
    page = s.page;
    const root = pane(s.page, '/goods/admin/translation');
    await root.getByTestId('no-access').waitFor();
    expect(await root.getByTestId('glossary-add').count()).toBe(0);
    const sideMenu = s.page.locator('.side-menu');
    await expect.poll(() => sideMenu.getByText('认领商品').count()).toBe(1);
    expect(await sideMenu.getByText('翻译术语与记忆').count()).toBe(0);
    await s.context.close();
  });
});
