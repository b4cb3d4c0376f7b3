// Set-up and reading helpers of the own-site browser test (e2e/site.test.ts).
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ApiClient } from './api-client';

/** Uploads a small PNG through `POST /files/upload` with the client's session; its `/PDD/files/...` url. */
export async function uploadPng(api: ApiClient): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c60' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const csrf = [...api.cookies.values()].find((c) => c.name.endsWith('-uuid'))?.value ?? '';
  const cookie = [...api.cookies.values()].map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await fetch(`${api.baseUrl}/PDD/files/upload`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrf },
    body: form,
  });
  const env = (await res.json()) as { status: number; msg: string; data: { url: string } };
  expect(env.status, env.msg).toBe(200);
  return env.data.url;
}

/** A library product (商品库) with an English and a German title, a price in euro cents for Germany and a picture. */
export async function libraryProduct(
  seller: ApiClient,
  p: { sku: string; en: string; de: string; cents: number; image: string },
): Promise<void> {
  const made = await seller.call('POST', '/amazon-user/insertGoods_v2', {
    goodsData: {
      baseInfo: { sku: p.sku },
      commonData: {
        descs: [
          { key: 'en', title: p.en },
          { key: 'de', title: p.de },
        ],
      },
      priceTable: [{ country_code: 'de', price: p.cents }],
      images: [{ url: p.image }],
    },
  });
  expect(made.status, made.msg).toBe(200);
}

/** The order in which `markers` first occur in a text (those missing are left out). */
export function orderIn(text: string | null, markers: string[]): string[] {
  return markers
    .map((m) => ({ m, at: text?.indexOf(m) ?? -1 }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.m);
}

/** The `hreflang` links of a page as `<lang>=<path>`. */
export function hreflangs(p: Page): Promise<string[]> {
  return p
    .locator('head link[rel=alternate][hreflang]')
    .evaluateAll((els) =>
      els.map((e) => `${e.getAttribute('hreflang')}=${new URL((e as HTMLLinkElement).href).pathname}`),
    );
}

/** The product cards of the storefront's product grids as `<title> <price>`. */
export function cards(p: Page): Promise<string[]> {
  return p
    .locator('main .blk-card')
    .evaluateAll((els) =>
      els.map((e) => `${e.querySelector('.blk-title')?.textContent} ${e.querySelector('.blk-price')?.textContent}`),
    );
}

/** The non-empty cell texts of each row (cart lines: title, unit price, line total, the remove button). */
export function rowTexts(rows: Locator): Promise<string[]> {
  return rows.evaluateAll((els) =>
    els.map((e) =>
      Array.from(e.querySelectorAll('td'))
        .map((td) => td.textContent?.trim() ?? '')
        .filter(Boolean)
        .join(' | '),
    ),
  );
}
