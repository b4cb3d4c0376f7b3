/**
 * SKU rules shared by the server and the editor (issue 13 §1, docs/decisions.md): how SKUs
 * compare for uniqueness, how variation SKUs are generated (ASCII, at most Amazon's 40
 * characters) and how a copy gets a free SKU.
 */

/** Amazon's limit for a seller SKU. Generated SKUs never exceed it. */
export const SKU_MAX = 40;

/**
 * The form in which SKUs are compared for uniqueness within a tenant: trimmed and lower
 * case, so `EANTEST` and `eantest ` are the same SKU (the database stores this key).
 */
export function skuKey(sku: string): string {
  return sku.trim().toLowerCase();
}

/** Whether Amazon takes this SKU as it is: printable ASCII without spaces, at most SKU_MAX characters. */
export function isAmazonSku(sku: string): boolean {
  return sku.length > 0 && sku.length <= SKU_MAX && /^[\x21-\x7e]+$/.test(sku);
}

/** Turns text into Latin letters (e.g. Chinese into pinyin); the default keeps ASCII only. */
export type Transliterate = (text: string) => string;

/** A short ASCII code of a text (4 base-36 characters, FNV-1a): the same text, the same code. */
export function shortCode(text: string): string {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 36 ** 4).toString(36).toUpperCase().padStart(4, '0');
}

/**
 * One part of a generated SKU from a variation value: transliterated, accents dropped,
 * only letters, digits, `-`, `.` and `_` kept (spaces and other signs removed). ASCII input keeps
 * its case (`Dark Red` -> `DarkRed`), transliterated text is upper case (`红色` -> `HONGSE`);
 * a value with nothing left (emoji, an unknown script) becomes its short code.
 */
export function skuPart(value: string, transliterate?: Transliterate): string {
  const v = value.trim();
  const ascii = /^[\x20-\x7e]*$/.test(v);
  const latin = ascii || !transliterate ? v : transliterate(v).toUpperCase();
  const part = latin
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]/g, '');
  return part || (v ? shortCode(v) : '');
}

/** Cuts a SKU to SKU_MAX characters, ending in a short code of the whole so cut SKUs stay distinct. */
function fitSku(sku: string): string {
  if (sku.length <= SKU_MAX) return sku;
  return `${sku.slice(0, SKU_MAX - 5)}-${shortCode(sku)}`;
}

/**
 * A generated variation SKU: the parent SKU and the values' parts joined by `-`
 * (`HOME-BOX-001` + `红色` -> `HOME-BOX-001-HONGSE`), ASCII and at most SKU_MAX characters.
 * The user may still edit it.
 */
export function childSku(parentSku: string, values: readonly string[], transliterate?: Transliterate): string {
  const parts = [skuPart(parentSku, transliterate), ...values.map((v) => skuPart(v, transliterate))];
  return fitSku(parts.filter(Boolean).join('-'));
}

/** The SKU of the n-th copy of a product or variation (`ABC` -> `ABC-C2`), at most SKU_MAX characters when the original was. */
export function copySku(sku: string, n: number): string {
  if (!sku) return sku;
  const suffix = `-C${n}`;
  return sku.length <= SKU_MAX ? `${sku.slice(0, SKU_MAX - suffix.length)}${suffix}` : `${sku}${suffix}`;
}
