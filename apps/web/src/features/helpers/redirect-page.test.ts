import { describe, expect, it } from 'vitest';
import { parseRedirectTarget } from './redirect-page';

describe('redirect helper', () => {
  it('reads a JSON route object with a query', () => {
    const raw = encodeURIComponent(JSON.stringify({ path: '/system/admin/member', query: { page: '2' } }));
    expect(parseRedirectTarget(raw)).toBe('/system/admin/member?page=2');
  });
  it('accepts a plain path and falls back to index', () => {
    expect(parseRedirectTarget('order/list')).toBe('/order/list');
    expect(parseRedirectTarget('')).toBe('/index');
  });
});
