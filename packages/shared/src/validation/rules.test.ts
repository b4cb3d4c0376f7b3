import { describe, expect, it } from 'vitest';
import { loginBody, updatePasswordBody } from '../schemas/account.js';
import { isAsin, isEmail, isPhone } from './rules.js';
import { issueMessage } from './zod-messages.js';

describe('validation rules of spec section 5', () => {
  it('email: text, @, text', () => {
    expect(isEmail('a@b')).toBe(true);
    expect(isEmail('a@')).toBe(false);
    expect(isEmail('@b')).toBe(false);
    expect(isEmail('a b@c')).toBe(false);
  });
  it('phone: 11 digits starting with 1', () => {
    expect(isPhone('13800000000')).toBe(true);
    expect(isPhone('23800000000')).toBe(false);
    expect(isPhone('1380000000')).toBe(false);
    expect(isPhone('1380000000a')).toBe(false);
  });
  it('asin: exactly 10 characters', () => {
    expect(isAsin('B000000000')).toBe(true);
    expect(isAsin('B00000000')).toBe(false);
  });
  it('password repeat mismatch gives 两次密码输入不一致', () => {
    const r = updatePasswordBody.safeParse({ passwordOld: 'x', password: 'abcdef', passwordAgain: 'abcdeg' });
    expect(r.success).toBe(false);
    expect(issueMessage(r.error!.issues[0]!)).toBe('两次密码输入不一致');
  });
  it('missing and unknown fields get Chinese messages', () => {
    const missing = loginBody.safeParse({ password: 'x' });
    expect(issueMessage(missing.error!.issues[0]!)).toBe('请填写该字段');
    const unknown = loginBody.safeParse({ account: 'a', password: 'b', role: 1 });
    expect(issueMessage(unknown.error!.issues[0]!)).toBe('不支持的字段: role');
  });
});
