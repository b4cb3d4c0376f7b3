import type { CustomsUnitRow, HsCodeRow } from '@console/shared/schemas/customs';
import type { HsCodeView } from './customs.service.js';
import { fixedText } from './customs.service.js';

/** Unix seconds of a timestamp. */
const seconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

/** One HS code as the API answers it (the fixed value as decimal text of its currency). */
export function presentHsCode(r: HsCodeView): HsCodeRow {
  return {
    id: Number(r.id),
    hs_code: r.hs_code,
    name_cn: r.name_cn,
    name_en: r.name_en,
    unit: r.unit,
    value_rule: r.value_rule,
    value_ratio: r.value_ratio,
    value_fixed: fixedText(r),
    value_currency: r.value_currency,
    remark: r.remark,
    categories: r.categories,
    goods: r.goods,
    updated_at: seconds(r.updated_at),
    version: r.version,
  };
}

/** One production and sales unit record. */
export function presentUnit(r: {
  id: number;
  name: string;
  credit_code: string;
  address: string;
  contact_name: string;
  contact_phone: string;
  is_default: boolean;
  remark: string;
  updated_at: Date;
  version: number;
}): CustomsUnitRow {
  return { ...r, id: Number(r.id), updated_at: seconds(r.updated_at) };
}
