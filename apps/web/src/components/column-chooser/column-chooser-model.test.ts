import { describe, expect, it } from 'vitest';
import {
  type ChoosableColumn,
  columnsStorageKey,
  neededWidth,
  readHidden,
  shownColumns,
  writeHidden,
} from './column-chooser-model';

const COLUMNS: ChoosableColumn[] = [
  { key: 'title', label: '标题', required: true },
  { key: 'type', label: '类型', width: 72 },
  { key: 'price_us', label: '价格·美国', width: 105 },
  { key: 'price_de', label: '价格·德国', width: 105, hiddenByDefault: true },
  { key: 'actions', label: '操作', width: 150, required: true },
];

function memoryStore() {
  const data = new Map<string, string>();
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => data.set(k, v) };
}

describe('column chooser', () => {
  it('starts from the defaults and remembers each user’s choice per table', () => {
    const store = memoryStore();
    expect(readHidden(store, 7, 'goods', COLUMNS)).toEqual(['price_de']);
    writeHidden(store, 7, 'goods', ['type']);
    expect(readHidden(store, 7, 'goods', COLUMNS)).toEqual(['type']);
    // Another user and another table keep their own.
    expect(readHidden(store, 8, 'goods', COLUMNS)).toEqual(['price_de']);
    expect(readHidden(store, 7, 'eans', COLUMNS)).toEqual(['price_de']);
    expect([...store.data.keys()]).toEqual([columnsStorageKey(7, 'goods')]);
  });

  it('forgets keys the table no longer has and never hides a required column', () => {
    const store = memoryStore();
    store.setItem(columnsStorageKey(1, 'goods'), JSON.stringify(['gone', 'title', 'type', 3]));
    expect(readHidden(store, 1, 'goods', COLUMNS)).toEqual(['type']);
    store.setItem(columnsStorageKey(1, 'goods'), '{broken');
    expect(readHidden(store, 1, 'goods', COLUMNS)).toEqual(['price_de']);
    expect(readHidden(null, 1, 'goods', COLUMNS)).toEqual(['price_de']);
    expect(shownColumns(COLUMNS, ['title', 'actions', 'type']).map((c) => c.key)).toEqual([
      'title',
      'price_us',
      'price_de',
      'actions',
    ]);
  });

  it('needs the width of the shown columns, the flexible one at its minimum', () => {
    expect(neededWidth(shownColumns(COLUMNS, ['price_de']), 32)).toBe(32 + 240 + 72 + 105 + 150);
  });
});
