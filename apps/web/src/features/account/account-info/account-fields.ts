import type { Auth } from '@console/shared/constants/roles';
import type { UpdateUserAccountBody, UserInfo } from '@console/shared/schemas/account';
import { BRAND_FIELDS, READ_ONLY_ACCOUNT_FIELDS, WORKER_SWITCH_FIELDS } from '@console/shared/schemas/account';

/** Which optional groups of the account-info form a role sees (spec section 6 "Account form visibility"). */
export interface AccountFormVisibility {
  /** Brand, vendor, manufacturer id and compliance emails: auth neither 5 nor 0. */
  brand: boolean;
  /** Sub-account count: auth 0 only. */
  maxChild: boolean;
  /** Monitor limit and is_suit_express: auth 0 or 4. */
  monitor: boolean;
  /** Worker-only switches: auth 1, 2 or 4. */
  workerSwitches: boolean;
}

/** Visibility of the account-info groups for a role. */
export function accountFormVisibility(auth: Auth): AccountFormVisibility {
  return {
    brand: auth !== 5 && auth !== 0,
    maxChild: auth === 0,
    monitor: auth === 0 || auth === 4,
    workerSwitches: auth === 1 || auth === 2 || auth === 4,
  };
}

type Editable = keyof UpdateUserAccountBody;

/** Editable fields sent by the form for a role: visible ones only, never read-only ones. */
export function editableAccountFields(auth: Auth): Editable[] {
  const v = accountFormVisibility(auth);
  const fields: Editable[] = ['user_name', 'email', 'follow_sale_remind'];
  if (v.brand) fields.push(...BRAND_FIELDS);
  if (v.workerSwitches) fields.push(...WORKER_SWITCH_FIELDS);
  return fields.filter((f) => !(READ_ONLY_ACCOUNT_FIELDS as readonly string[]).includes(f));
}

const TRIMMED = new Set<string>(['user_name', 'email', ...BRAND_FIELDS]);

/** The updateUserAccount body from form values: editable visible fields, strings trimmed. */
export function accountUpdateBody(auth: Auth, values: Partial<UserInfo>): Partial<UpdateUserAccountBody> {
  const body: Record<string, unknown> = {};
  for (const f of editableAccountFields(auth)) {
    const v = (values as Record<string, unknown>)[f];
    if (v === undefined) continue;
    body[f] = TRIMMED.has(f) && typeof v === 'string' ? v.trim() : v;
  }
  return body as Partial<UpdateUserAccountBody>;
}

/** True when a brand/vendor value has lower-case letters (the form prompts for upper case). */
export function needsUpperCase(value: unknown): boolean {
  return typeof value === 'string' && /[a-z]/.test(value);
}
