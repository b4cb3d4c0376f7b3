import { describe, expect, it } from 'vitest';
import { loggedUrl } from './request-log.js';

describe('loggedUrl', () => {
  it('replaces the values of secret query parameters and keeps the others', () => {
    expect(
      loggedUrl('/PDD/amazon-user/shopAuthCallback?state=S3CRET&spapi_oauth_code=C0DE&selling_partner_id=A1'),
    ).toBe('/PDD/amazon-user/shopAuthCallback?state=[redacted]&spapi_oauth_code=[redacted]&selling_partner_id=A1');
    expect(loggedUrl('/PDD/goods/productList?keyword=cup&page=1')).toBe('/PDD/goods/productList?keyword=cup&page=1');
  });

  it("replaces a public file link's signature, which would let anyone fetch the file", () => {
    expect(loggedUrl('/PDD/public-files/AbC123_-sig/t5/2026/11/x.jpg')).toBe(
      '/PDD/public-files/[redacted]/t5/2026/11/x.jpg',
    );
    expect(loggedUrl('/PDD/files/t5/2026/11/x.jpg')).toBe('/PDD/files/t5/2026/11/x.jpg');
  });
});
