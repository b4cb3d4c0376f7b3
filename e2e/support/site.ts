import { expect } from 'vitest';
import type { ApiClient } from './api-client';

/**
 * A published own site for the signed-in seller (基础设置 saved through the API): English and
 * German, no domain; `name`, `slug` and `currency` as the test needs. Answers the site's id.
 */
export async function createSite(
  seller: ApiClient,
  site: { name: string; slug: string; currency?: string },
): Promise<number> {
  const saved = await seller.call<{ id: number }>('POST', '/site/basic/save', {
    version: 0,
    name: site.name,
    slug: site.slug,
    domains: [],
    logo: null,
    favicon: null,
    currency: site.currency ?? 'EUR',
    languages: ['en', 'de'],
    default_language: 'en',
    contact: { email: '', phone: '', address: '' },
    legal: {},
    published: true,
  });
  expect(saved.status, saved.msg).toBe(200);
  return Number(saved.data.id);
}
