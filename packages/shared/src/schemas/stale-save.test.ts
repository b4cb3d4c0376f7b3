import { describe, expect, it } from 'vitest';
import { isStaleSave, STALE_SAVE_CODE, STALE_VERSION_MSG, staleVersionOf } from './stale-save.js';

describe('isStaleSave', () => {
  it('is true for the stale-save envelope and for errors carrying its status and data', () => {
    const env = { status: 409, msg: STALE_VERSION_MSG, data: { code: STALE_SAVE_CODE, version: 4 } };
    expect(isStaleSave(env)).toBe(true);
    expect(staleVersionOf(env)).toBe(4);
    const err = Object.assign(new Error(STALE_VERSION_MSG), { status: 409, data: { code: STALE_SAVE_CODE } });
    expect(isStaleSave(err)).toBe(true);
    expect(staleVersionOf(err)).toBeUndefined();
  });

  it('is false for other conflicts, other statuses and non-objects, whatever the message', () => {
    expect(isStaleSave({ status: 409, msg: STALE_VERSION_MSG, data: { version: 4 } })).toBe(false);
    expect(isStaleSave({ status: 409, msg: '账号已存在', data: null })).toBe(false);
    expect(isStaleSave({ status: 400, msg: STALE_VERSION_MSG, data: { code: STALE_SAVE_CODE } })).toBe(false);
    expect(isStaleSave({ status: 409, data: { code: 'OTHER' } })).toBe(false);
    expect(isStaleSave(null)).toBe(false);
    expect(isStaleSave(STALE_VERSION_MSG)).toBe(false);
    expect(staleVersionOf({ status: 409, data: { version: 4 } })).toBeUndefined();
  });
});
