import { describe, expect, it } from 'vitest';
import { creatorOptions } from './creator-select';

describe('creator options', () => {
  it('names the main account, keeps the order of live accounts and puts disabled ones last', () => {
    expect(
      creatorOptions([
        { id: 1, name: '公司', parent_id: 0, disabled: false },
        { id: 7, name: '老李', parent_id: 1, disabled: true },
        { id: 9, name: '小王', parent_id: 1, disabled: false },
      ]),
    ).toEqual([
      { value: 1, label: '公司(主账号)' },
      { value: 9, label: '小王' },
      { value: 7, label: '老李(已停用)' },
    ]);
  });
});
