import { LISTING_LIMITS } from '@console/shared/constants/goods';
import { describe, expect, it } from 'vitest';
import { countLabel, listingCounters, overLimits, overLimitText } from './counters';

const texts = (over: Partial<{ title: string; bullets: string[]; search: string; desc: string }> = {}) => ({
  title: over.title ?? 'Mug',
  bullet_points: over.bullets ?? ['a', '', '', '', ''],
  search_terms: over.search ?? 'cup mug',
  product_description: over.desc ?? 'A mug.',
});

describe('over-limit flags', () => {
  it('nothing is flagged when every field fits, also exactly at the limits', () => {
    expect(overLimits(texts())).toEqual([]);
    const atLimit = texts({
      title: 'x'.repeat(LISTING_LIMITS.titleChars),
      bullets: Array(5).fill('b'.repeat(LISTING_LIMITS.bulletChars)),
      search: 's'.repeat(LISTING_LIMITS.searchTermsBytes),
      desc: 'd'.repeat(LISTING_LIMITS.descriptionChars),
    });
    expect(overLimits(atLimit)).toEqual([]);
  });

  it('flags a title one character over, counting characters (not UTF-16 units)', () => {
    expect(overLimits(texts({ title: 'x'.repeat(201) }))).toEqual([
      { field: 'title', label: '标题', value: 201, limit: 200 },
    ]);
    // 200 emoji are 400 UTF-16 units but 200 characters: fits.
    expect(overLimits(texts({ title: '😀'.repeat(200) }))).toEqual([]);
  });

  it('search terms are counted in UTF-8 bytes: 84 Japanese characters are 252 bytes', () => {
    const ja = 'あ'.repeat(84);
    expect(listingCounters(texts({ search: ja })).searchTerms).toEqual({ value: 252, limit: 249, over: true });
    expect(overLimits(texts({ search: ja }))).toEqual([
      { field: 'search_terms', label: '搜索词(字节)', value: 252, limit: 249 },
    ]);
    expect(overLimits(texts({ search: 'あ'.repeat(83) }))).toEqual([]);
  });

  it('reports over-long bullets once, with the longest one and how many are too long', () => {
    const one = overLimits(texts({ bullets: ['ok', 'y'.repeat(510), '', '', ''] }));
    expect(one).toEqual([{ field: 'bullet_points.length', label: '五点描述第2条', value: 510, limit: 500 }]);
    const two = overLimits(texts({ bullets: ['z'.repeat(501), 'y'.repeat(530), '', '', ''] }));
    expect(two).toEqual([{ field: 'bullet_points.length', label: '五点描述(2条超长)', value: 530, limit: 500 }]);
  });

  it('counts only non-empty bullets against the bullet count', () => {
    expect(overLimits(texts({ bullets: ['1', '2', '3', '4', '5', '6'] }))).toEqual([
      { field: 'bullet_points.count', label: '五点描述条数', value: 6, limit: 5 },
    ]);
    expect(overLimits(texts({ bullets: ['1', ' ', '', '4', '5', ''] }))).toEqual([]);
  });

  it('lists several fields in a fixed order and writes them for the tab tooltip', () => {
    const list = overLimits(texts({ title: 't'.repeat(250), desc: 'd'.repeat(2100), search: 's'.repeat(300) }));
    expect(list.map((o) => o.field)).toEqual(['title', 'search_terms', 'product_description']);
    expect(overLimitText(list)).toBe('标题 250/200, 搜索词(字节) 300/249, 产品描述 2100/2000');
    expect(overLimitText([])).toBe('');
  });
});

describe('countLabel', () => {
  it('shows a capped count as a lower bound ("1000+") and an exact one as it is', () => {
    expect(countLabel(1000, true)).toBe('1000+');
    expect(countLabel(334, true)).toBe('334+');
    expect(countLabel(42, false)).toBe('42');
    expect(countLabel(0, false)).toBe('0');
  });
});
