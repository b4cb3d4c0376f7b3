import sharp from 'sharp';
import type { Session, TestContext } from '../harness.js';

/** A small PNG. */
export const png = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: '#07c' } })
    .png()
    .toBuffer();

/** Uploads an image through `POST /files/upload` (what the 基础设置 screen does); its `/PDD/files/...` url. */
export async function uploadImage(t: TestContext, s: Session): Promise<string> {
  const boundary = '----sitetest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await png(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/PDD/files/upload',
    cookies: s.cookies,
    headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return (res.json() as { data: { url: string } }).data.url;
}

/** A valid save body: version 0 creates the site. */
export const siteBody = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'Acme Home',
  slug: 'acme-home',
  domains: [],
  logo: null,
  favicon: null,
  currency: 'EUR',
  languages: ['en', 'de'],
  default_language: 'en',
  contact: { email: 'hello@acme.example', phone: '+49 30 1234567', address: 'Hauptstraße 1, Berlin' },
  legal: {},
  published: true,
  ...over,
});
