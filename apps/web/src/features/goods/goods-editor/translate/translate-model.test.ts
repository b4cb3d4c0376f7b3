import { describe, expect, it } from 'vitest';
import { type DescDraft, fromGoodsData } from '../editor-model';
import {
  changedTexts,
  defaultSource,
  handEditedFields,
  jobRecords,
  MARKET_LANGUAGES,
  type MachineRecord,
  pendingCorrections,
  planFields,
  recordKey,
  targetTexts,
} from './translate-model';

const descs = () => fromGoodsData({}).descs;
const withLang = (list: DescDraft[], key: string, patch: Partial<DescDraft>) =>
  list.map((d) => (d.key === key ? { ...d, ...patch } : d));
const lang = (list: DescDraft[], key: string) => list.find((d) => d.key === key) as DescDraft;

describe('translate model', () => {
  it('the source defaults to Chinese when it has any text, else English', () => {
    expect(defaultSource(descs())).toBe('en');
    expect(defaultSource(withLang(descs(), 'zh-CN', { bullet_points: ['', '卖点', '', '', ''] }))).toBe('zh-CN');
    expect(defaultSource(withLang(descs(), 'zh-CN', { title: '   ' }))).toBe('en');
  });

  it('marketplace targets are the 11 languages besides Chinese', () => {
    expect(MARKET_LANGUAGES).toEqual(['en', 'fr', 'de', 'it', 'es', 'nl', 'ja', 'se', 'pl', 'br', 'ae']);
  });

  it('plans one text call for title, bullets and search terms, the description separately; maps answers back', () => {
    const list = withLang(descs(), 'zh-CN', {
      title: '杯子',
      bullet_points: ['', '耐热', '', '防漏', ''],
      search_terms: '',
      product_description: '<b>好</b>',
    });
    const src = lang(list, 'zh-CN');
    const plan = planFields(src, ['title', 'bullet_points', 'search_terms', 'product_description']);
    expect(plan.chosen).toEqual(['title', 'bullet_points', 'product_description']); // empty search terms skipped
    expect(plan.plain).toEqual(['杯子', '耐热', '防漏']);
    expect(plan.description).toBe('<b>好</b>');
    const target = { ...lang(list, 'de'), search_terms: 'bleibt' };
    const { next, records } = plan.take(target, ['Becher', 'Hitzefest', 'Dicht'], '<b>Gut</b>');
    expect(next).toMatchObject({
      title: 'Becher',
      bullet_points: ['Hitzefest', 'Dicht', '', '', ''],
      search_terms: 'bleibt',
      product_description: '<b>Gut</b>',
    });
    expect(Object.fromEntries(records)).toEqual({
      'de|title': { from: 'zh-CN', source: '杯子', text: 'Becher' },
      'de|bullet_points.0': { from: 'zh-CN', source: '耐热', text: 'Hitzefest' },
      'de|bullet_points.1': { from: 'zh-CN', source: '防漏', text: 'Dicht' },
      'de|product_description': { from: 'zh-CN', source: '<b>好</b>', text: '<b>Gut</b>' },
    });
  });

  it('a field counts as edited by hand when any of its texts was not delivered by a machine', () => {
    const target = { ...lang(descs(), 'fr'), title: 'Tasse', bullet_points: ['a', 'b', '', '', ''] };
    const texts = targetTexts(target, ['title', 'bullet_points', 'search_terms']);
    expect(texts).toEqual([
      { field: 'title', text: 'Tasse' },
      { field: 'bullet_points', text: 'a' },
      { field: 'bullet_points', text: 'b' },
    ]);
    expect(handEditedFields(texts, [true, true, false])).toEqual(['bullet_points']);
    expect(handEditedFields(texts, [true, true, true])).toEqual([]);
  });

  it('a changed machine text becomes a correction; unchanged, emptied or unknown fields do not', () => {
    const records = new Map<string, MachineRecord>([
      [recordKey('de', 'title'), { from: 'zh-CN', source: '杯子', text: 'Becher' }],
      [recordKey('de', 'bullet_points.1'), { from: 'zh-CN', source: '防漏', text: 'Dicht' }],
      [recordKey('fr', 'title'), { from: 'zh-CN', source: '杯子', text: 'Tasse' }],
      [recordKey('it', 'search_terms'), { from: 'zh-CN', source: '杯', text: 'tazza' }],
    ]);
    let list = withLang(descs(), 'de', { title: 'Kaffeebecher', bullet_points: ['x', 'Dicht', '', '', ''] });
    list = withLang(list, 'fr', { title: 'Tasse' });
    list = withLang(list, 'it', { search_terms: '' });
    expect(pendingCorrections(list, records)).toEqual([
      { key: 'de|title', source: '杯子', from: 'zh-CN', to: 'de', text: 'Kaffeebecher' },
    ]);
  });

  it('after a job, translated fields that were not kept become machine records', () => {
    let list = withLang(descs(), 'en', { title: 'Mug', bullet_points: ['Hot', 'Tight', '', '', ''] });
    list = withLang(list, 'de', { title: '[de] MUG', bullet_points: ['[de] HOT', '[de] TIGHT', '', '', ''] });
    list = withLang(list, 'fr', { title: 'Ma tasse', bullet_points: ['[fr] HOT', '[fr] TIGHT', '', '', ''] });
    const recs = Object.fromEntries(
      jobRecords(list, {
        from: 'en',
        to: ['de', 'fr'],
        fields: ['title', 'bullet_points', 'search_terms'],
        kept: [{ lang: 'fr', field: 'title' }],
      }),
    );
    expect(Object.keys(recs).sort()).toEqual([
      'de|bullet_points.0',
      'de|bullet_points.1',
      'de|title',
      'fr|bullet_points.0',
      'fr|bullet_points.1',
    ]);
    expect(recs['de|bullet_points.1']).toEqual({ from: 'en', source: 'Tight', text: '[de] TIGHT' });
  });

  it('a save lists changed target texts of unrecorded fields, paired with the source text at the same place', () => {
    const before = [
      { key: 'zh-CN', title: '杯子', bullet_points: ['耐热', '防漏'], search_terms: '', product_description: '' },
      { key: 'de', title: 'Becher', bullet_points: ['Hitzefest', 'Dicht'], search_terms: 'x', product_description: '' },
      { key: 'fr', title: 'Tasse', bullet_points: [], search_terms: '', product_description: '' },
    ];
    const after = [
      before[0]!,
      {
        key: 'de',
        title: 'Kaffeebecher',
        bullet_points: ['Hitzefest', 'Auslaufsicher'],
        search_terms: 'y',
        product_description: 'neu',
      },
      { key: 'fr', title: 'Tasse', bullet_points: ['Résistant'], search_terms: '', product_description: '' },
    ];
    const list = changedTexts(before, after, 'zh-CN', new Set(['de|title']));
    // de title is recorded (handled by the records); de search terms have no source text;
    // the new description and the new fr bullet had no previous text: nothing to correct.
    expect(list).toEqual([
      { key: 'de|bullet_points.1', source: '防漏', from: 'zh-CN', to: 'de', text: 'Auslaufsicher', old: 'Dicht' },
    ]);
    expect(changedTexts(before, after, 'zh-CN', new Set()).map((c) => c.key)).toEqual([
      'de|title',
      'de|bullet_points.1',
    ]);
  });
});
