import { describe, expect, it } from 'vitest';
import { isHttpUrl, isImageUrl, safeHref } from './url.js';

const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/a',
  'https:alert(1)',
  'http://',
  '//evil.example/x',
  'detail.1688.com/offer/1.html',
  'https://exa mple.com/',
  'https://example.com/a\u0000b',
  'https://\\evil.example',
];

describe('web addresses (issue 27 §5)', () => {
  it('accepts only absolute http(s) addresses', () => {
    for (const ok of [
      'https://detail.1688.com/offer/1.html',
      'http://example.com',
      'HTTPS://EXAMPLE.COM/a?b=1#c',
      'https://img.example.com/商品 长.png',
    ]) {
      expect(isHttpUrl(ok), ok).toBe(true);
      expect(safeHref(ok), ok).toBe(ok);
    }
    for (const bad of HOSTILE) {
      expect(isHttpUrl(bad), bad).toBe(false);
      expect(safeHref(bad), bad).toBeUndefined();
    }
    expect(safeHref(null)).toBeUndefined();
    expect(safeHref('')).toBeUndefined();
  });

  it('images: http(s) or a path of the console itself', () => {
    expect(isImageUrl('/PDD/files/t1/a.jpg')).toBe(true);
    expect(isImageUrl('/PDD/files/t1/a b.jpg')).toBe(true);
    expect(isImageUrl('https://img.example.com/a.jpg')).toBe(true);
    for (const bad of [...HOSTILE.filter((h) => !h.startsWith('/')), '//evil.example/a.jpg', '/\\evil.example']) {
      expect(isImageUrl(bad), bad).toBe(false);
    }
  });
});
