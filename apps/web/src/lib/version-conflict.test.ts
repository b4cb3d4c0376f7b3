import { STALE_SAVE_CODE } from '@console/shared/schemas/stale-save';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http';
import { saveFailure } from './version-conflict';

describe('saveFailure', () => {
  it('recognises a stale save by its code, with the current version', () => {
    expect(
      saveFailure(new ApiError('数据已被他人修改,请刷新后重试', 409, { code: STALE_SAVE_CODE, version: 3 })),
    ).toEqual({ stale: true, text: '数据已被他人修改,请刷新后重试', version: 3 });
  });

  it('a stale save whose current version is unknown is still stale', () => {
    expect(saveFailure(new ApiError('数据已被他人修改,请刷新后重试', 409, { code: STALE_SAVE_CODE }))).toEqual({
      stale: true,
      text: '数据已被他人修改,请刷新后重试',
    });
  });

  it('treats other conflicts and errors as plain failures, whatever the message says', () => {
    expect(saveFailure(new ApiError('同一级下已有同名分类', 409, null))).toEqual({
      stale: false,
      text: '同一级下已有同名分类',
    });
    // The message text alone does not make a save stale (no code).
    expect(saveFailure(new ApiError('数据已被他人修改,请刷新后重试', 409, { version: 3 }))).toEqual({
      stale: false,
      text: '数据已被他人修改,请刷新后重试',
    });
    expect(saveFailure(new ApiError('搜索词不能超过249字节(UTF-8)', 400))).toEqual({
      stale: false,
      text: '搜索词不能超过249字节(UTF-8)',
    });
    expect(saveFailure(new Error('boom'))).toEqual({ stale: false, text: 'boom' });
  });
});
