/**
 * The 产品ID (`baseInfo.product_id`) of a product without variations (issue 28 §1): an
 * EAN/UPC/GTIN barcode (8, 12, 13 or 14 digits; from the tenant's EAN pool, like a
 * variation's EAN) or an ASIN (`B0` and 8 letters or digits). The listing mapper sends a
 * barcode as `externally_assigned_product_identifier` and an ASIN as `merchant_suggested_asin`.
 */
export type ProductIdKind = 'empty' | 'barcode' | 'asin' | 'other';

const BARCODE = /^(\d{8}|\d{12,14})$/;
const ASIN = /^B0[A-Z0-9]{8}$/;

/** What a 产品ID is (spaces around it do not count). */
export function productIdKind(value: string | null | undefined): ProductIdKind {
  const v = (value ?? '').trim();
  if (v === '') return 'empty';
  if (BARCODE.test(v)) return 'barcode';
  if (ASIN.test(v)) return 'asin';
  return 'other';
}

/** The message for a 产品ID that is neither a barcode nor an ASIN. */
export const PRODUCT_ID_FORMAT_MSG = '产品ID须为EAN/UPC码(从EAN库分配)或ASIN(B0开头的10位)';

/**
 * The sentence after a save for listings left without an EAN because the pool ran short:
 * the product itself (no variations) or N variations; '' when none.
 */
export function missingEanNote(w: { missingEans?: number | undefined; missingProductId?: boolean | undefined }) {
  if (w.missingProductId) return '商品未分配EAN(EAN库没有可用码,导入EAN后再次保存或点击「从EAN池分配」即可)';
  const n = w.missingEans ?? 0;
  return n ? `${n}个变体未分配EAN(EAN库可用码不足,导入后再次保存即可分配)` : '';
}
