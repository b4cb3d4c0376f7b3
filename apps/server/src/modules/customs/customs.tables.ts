import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/types.js';

/** An HS code of a tenant (migration 20261127_132000): declared names, unit, declared-value rule. */
export interface CustomsHsCodesTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  hs_code: string;
  name_cn: string;
  name_en: string;
  unit: string;
  value_rule: 'order' | 'ratio' | 'fixed';
  value_ratio: number | null;
  /** Minor units of `value_currency` per unit (fixed rule). */
  value_fixed: number | null;
  value_currency: string | null;
  remark: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** A category or a product covered by an HS code (exactly one of the two ids is set). */
export interface CustomsHsLinksTable {
  id: Generated<number>;
  tenant_id: number;
  hs_code_id: number;
  category_id: number | null;
  goods_id: number | null;
}

/** A production and sales unit record (生产销售单位备案). */
export interface CustomsUnitsTable {
  id: Generated<number>;
  tenant_id: number;
  creator_id: number;
  name: string;
  credit_code: string;
  address: string;
  contact_name: string;
  contact_phone: string;
  is_default: Generated<boolean>;
  remark: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

/** The platform operator's IOSS number (one row, id 1). */
export interface CustomsIossSettingsTable {
  id: Generated<number>;
  ioss_number: string | null;
  updated_by: number | null;
  updated_at: Timestamp;
  version: Generated<number>;
}

declare module '../../db/types.js' {
  /** The tables of the customs module. */
  interface DB {
    customs_hs_codes: CustomsHsCodesTable;
    customs_hs_links: CustomsHsLinksTable;
    customs_units: CustomsUnitsTable;
    customs_ioss_settings: CustomsIossSettingsTable;
  }
}
