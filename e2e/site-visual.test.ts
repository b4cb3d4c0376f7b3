import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createMainAccount } from './support/api-client';
import { env, launchBrowser, screenshotOnFailure, signedInPage } from './support/browser';
import { createSite } from './support/site';

// 可视化装修 in a browser (docs/site.md "Visual editor"): add a banner and a rich text, drag to
// reorder, see the preview follow, undo, publish; a visitor's fresh context sees the blocks in order.
let browser: Browser;
let page: Page | undefined;
screenshotOnFailure(() => page);
let account: { account: string; password: string };
const slug = `e2e-vis-${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const { baseUrl, dataDir } = env();
  account = createMainAccount(dataDir, 0);
  const seller = new ApiClient(baseUrl);
  await seller.login(account.account, account.password);
  await createSite(seller, { name: 'E2E Visual Shop', slug });
});
afterAll(async () => {
  await browser?.close();
});

/** Where the two texts stand in an HTML text: 'banner-first', 'text-first' or 'missing'. */
function orderIn(html: string | null): string {
  const b = html?.indexOf('E2E Banner') ?? -1;
  const t = html?.indexOf('E2E Text') ?? -1;
  if (b < 0 || t < 0) return 'missing';
  return b < t ? 'banner-first' : 'text-first';
}

describe('visual editor', () => {
  it('adds blocks, drags to reorder with the preview following, undoes, publishes; the storefront shows them in order', async () => {
    const s = await signedInPage(browser, account.account, account.password, '#/build-site/visual');
    page = s.page;
    const p = s.page;
    const add = async (name: string) => {
      await p.getByRole('button', { name: '添加模块' }).click();
      await p.getByRole('menuitem', { name }).click();
    };
    const panel = p.getByTestId('block-panel');
    await add('横幅');
    await panel.getByRole('textbox', { name: '标题', exact: true }).fill('E2E Banner');
    await add('图文');
    await panel.getByRole('textbox').fill('## E2E Text');

    const rows = p.getByTestId('block-row');
    const types = () => rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(await types()).toEqual(['banner', 'rich_text']);
    const preview = p.getByTestId('visual-preview');
    await expect
      .poll(async () => orderIn(await preview.getAttribute('srcdoc')), { timeout: 15_000 })
      .toBe('banner-first');

    // Drag the rich text onto the banner: it moves first, and the preview follows.
    await rows.nth(1).dragTo(rows.nth(0));
    expect(await types()).toEqual(['rich_text', 'banner']);
    await expect
      .poll(async () => orderIn(await preview.getAttribute('srcdoc')), { timeout: 15_000 })
      .toBe('text-first');

    // 撤销 takes the move back.
    await p.getByRole('button', { name: '撤销' }).click();
    expect(await types()).toEqual(['banner', 'rich_text']);
    await expect
      .poll(async () => orderIn(await preview.getAttribute('srcdoc')), { timeout: 15_000 })
      .toBe('banner-first');

    await p.getByRole('button', { name: '发布' }).click();
    await expect.poll(() => p.getByTestId('visual-published').textContent(), { timeout: 15_000 }).toMatch(/^已发布/);

    // A visitor (fresh context, no session) sees the published blocks in this order.
    const visitor = await browser.newContext();
    try {
      const v = await visitor.newPage();
      const res = await v.goto(`${env().baseUrl}/s/${slug}/en/`);
      expect(res?.status()).toBe(200);
      expect(await v.locator('main h2').first().textContent()).toBe('E2E Banner');
      expect(await v.locator('main h3').first().textContent()).toBe('E2E Text');
      expect(orderIn(await v.content())).toBe('banner-first');
    } finally {
      await visitor.close();
    }
  });
});
