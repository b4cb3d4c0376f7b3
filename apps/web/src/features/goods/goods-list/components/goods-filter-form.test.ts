import { describe, expect, it } from 'vitest';
import { filterFromValues } from './goods-filter-form';

describe('the list filter from the form', () => {
  it('sends only what is filled: type always, keyword trimmed, category, creator and 待完善', () => {
    expect(filterFromValues({})).toEqual({ type: 0 });
    expect(
      filterFromValues({ type: 4, keyword: '  mug ', category_id: 7, creator_id: 3, lack: 'image', range: null }),
    ).toEqual({ type: 4, keyword: 'mug', category_id: 7, creator_id: 3, lack: 'image' });
    expect(filterFromValues({ keyword: '   ', category_id: null, creator_id: null, lack: null })).toEqual({ type: 0 });
  });
});
