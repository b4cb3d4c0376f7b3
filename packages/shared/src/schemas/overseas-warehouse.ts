import { z } from 'zod';
import { isCarrierCode } from '../constants/carriers.js';
import { MARKETPLACES } from '../constants/marketplaces.js';
import { dbId, dbInt, requiredString } from './common.js';

/**
 * 海外仓 warehouses (issue 30 §2, docs/overseas.md "Warehouses"): the operator defines them
 * (code, country, address, carriers, fees in CNY fen); tenants pick the active ones.
 */

/** The countries a warehouse may be in: the marketplaces' countries (ISO 3166-1 alpha-2). */
export const WAREHOUSE_COUNTRIES: readonly { iso: string; name: string }[] = [
  ...new Map(MARKETPLACES.map((m) => [m.iso, { iso: m.iso, name: m.name }])).values(),
];

/** The Chinese name of a warehouse country (the code itself when unknown). */
export function warehouseCountryName(iso: string): string {
  return WAREHOUSE_COUNTRIES.find((c) => c.iso === iso)?.name ?? iso;
}

/** The four fees of a warehouse, in CNY fen, with their Chinese names. */
export const WAREHOUSE_FEES = [
  ['handling_fee_minor', '操作费(每单)'],
  ['unit_fee_minor', '拣货费(每件)'],
  ['delivery_fee_minor', '派送费(每单)'],
  ['storage_fee_cbm_day_minor', '仓储费(每立方米每天)'],
] as const;

/** Largest fee: 1,000,000 元. */
const FEE_MAX = 100_000_000;
const fee = (label: string) => dbInt(label, 0, FEE_MAX);
const line = (label: string, max = 200) =>
  z
    .string({ error: `${label}必须为文本` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` })
    .default('');

/** The address of a warehouse (where inbound shipments go). */
export const warehouseAddress = z.strictObject({
  contact: line('联系人', 100),
  phone: line('电话', 50),
  line1: line('地址1'),
  line2: line('地址2'),
  city: line('城市', 100),
  state: line('州/省', 100),
  postal_code: line('邮编', 20),
});

/** One warehouse as the API answers it. */
export const overseasWarehouse = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  address: z.object({
    contact: z.string(),
    phone: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    state: z.string(),
    postal_code: z.string(),
  }),
  carriers: z.array(z.string()),
  active: z.boolean(),
  handling_fee_minor: z.number().int(),
  unit_fee_minor: z.number().int(),
  delivery_fee_minor: z.number().int(),
  storage_fee_cbm_day_minor: z.number().int(),
  updated_at: z.number().int(),
  version: z.number().int(),
});
export type OverseasWarehouse = z.infer<typeof overseasWarehouse>;

/** `POST /overseas/warehouse/list`: tenants get the active warehouses; the operator all, unless `active_only`. */
export const warehouseListBody = z.strictObject({ active_only: z.boolean().default(false) });
export type WarehouseListBody = z.input<typeof warehouseListBody>;
export const warehouseListData = z.object({ list: z.array(overseasWarehouse) });

/** `POST /overseas/warehouse/save`: create (no id) or update (id and version). */
export const warehouseSaveBody = z.strictObject({
  id: dbId('仓库ID', 'integer').optional(),
  version: dbInt('版本', 1).optional(),
  code: requiredString(20).regex(/^[A-Za-z0-9_-]+$/, { error: '仓库代码只能包含字母、数字、-和_' }),
  name: requiredString(100),
  country: z
    .string({ error: '请选择国家' })
    .trim()
    .toUpperCase()
    .refine((c) => WAREHOUSE_COUNTRIES.some((x) => x.iso === c), { error: '国家不在可选列表中' }),
  address: warehouseAddress.default({
    contact: '',
    phone: '',
    line1: '',
    line2: '',
    city: '',
    state: '',
    postal_code: '',
  }),
  carriers: z
    .array(z.string().trim().refine(isCarrierCode, { error: '承运商不存在' }))
    .max(30, { error: '承运商最多30个' })
    .default([])
    .transform((v) => [...new Set(v)]),
  handling_fee_minor: fee('操作费'),
  unit_fee_minor: fee('拣货费'),
  delivery_fee_minor: fee('派送费'),
  storage_fee_cbm_day_minor: fee('仓储费'),
});
export type WarehouseSaveBody = z.input<typeof warehouseSaveBody>;

/** `POST /overseas/warehouse/toggle`: turn a warehouse on or off (inactive ones leave the pickers). */
export const warehouseToggleBody = z.strictObject({
  id: dbId('仓库ID', 'integer'),
  version: dbInt('版本', 1),
  active: z.boolean({ error: '请选择启用或停用' }),
});
export type WarehouseToggleBody = z.infer<typeof warehouseToggleBody>;
