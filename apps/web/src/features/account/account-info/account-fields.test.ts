import { READ_ONLY_ACCOUNT_FIELDS } from '@console/shared/schemas/account';
import { describe, expect, it } from 'vitest';
import { accountFormVisibility, accountUpdateBody, editableAccountFields, needsUpperCase } from './account-fields';

describe('account info form rules', () => {
  it('shows brand fields only when auth is neither 5 nor 0', () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter((a) => accountFormVisibility(a as never).brand)).toEqual([1, 2, 3, 4, 6]);
  });
  it('sub-account count only for 0; monitor fields for 0 or 4; worker switches for 1, 2, 4', () => {
    const all = [0, 1, 2, 3, 4, 5, 6] as const;
    expect(all.filter((a) => accountFormVisibility(a).maxChild)).toEqual([0]);
    expect(all.filter((a) => accountFormVisibility(a).monitor)).toEqual([0, 4]);
    expect(all.filter((a) => accountFormVisibility(a).workerSwitches)).toEqual([1, 2, 4]);
  });
  it('never sends read-only fields and sends only visible ones, trimmed', () => {
    const values = {
      id: 1,
      account: 'x',
      phone: '13800000000',
      max_child: 5,
      user_name: ' Name ',
      email: ' a@b.c ',
      brand_name: ' ACME ',
      follow_sale_remind: 1 as const,
      is_not_use_ean: 1 as const,
    };
    const admin = accountUpdateBody(0, values);
    expect(admin).toEqual({ user_name: 'Name', email: 'a@b.c', follow_sale_remind: 1 });
    const worker = accountUpdateBody(2, values);
    expect(worker).toMatchObject({ brand_name: 'ACME', is_not_use_ean: 1 });
    for (const auth of [0, 1, 2, 3, 4, 5, 6] as const) {
      for (const f of READ_ONLY_ACCOUNT_FIELDS) expect(editableAccountFields(auth)).not.toContain(f);
    }
  });
  it('prompts for upper case when there are lower-case letters', () => {
    expect(needsUpperCase('Acme')).toBe(true);
    expect(needsUpperCase('ACME 123')).toBe(false);
  });
});
