/** Kinds of codes the pool accepts, by length: EAN-13, UPC-A (12) and EAN-8. */
export type EanKind = 'EAN13' | 'UPCA' | 'EAN8';

const KIND_BY_LENGTH: Record<number, EanKind> = { 13: 'EAN13', 12: 'UPCA', 8: 'EAN8' };

/** A valid code: as written, its kind, and its GTIN-14 form (so a UPC-A and the same EAN-13 are one code). */
export interface ValidEan {
  code: string;
  kind: EanKind;
  gtin: string;
}

/** The GS1 check digit of the digits before it (weights 3 and 1 from the right). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Checks one code; returns the valid code or the Chinese reason it is refused. */
export function checkEan(raw: string): ValidEan | { error: string } {
  const code = raw.trim();
  if (/^\d(\.\d+)?E\+\d+$/i.test(code)) return { error: '科学计数法格式,请把表格单元格设为文本后重新导出' };
  if (!/^\d+$/.test(code)) return { error: '只能包含数字' };
  const kind = KIND_BY_LENGTH[code.length];
  if (!kind) {
    const hint = code.length === 11 || code.length === 7 ? ',可能丢失了开头的0' : '';
    return { error: `位数不正确(${code.length}位),应为EAN-13、UPC-A(12位)或EAN-8${hint}` };
  }
  const expected = gs1CheckDigit(code.slice(0, -1));
  if (Number(code.at(-1)) !== expected) return { error: `校验位错误,应为${expected}` };
  return { code, kind, gtin: code.padStart(14, '0') };
}
