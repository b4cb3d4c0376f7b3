import { divRoundHalfAway, type Minor, minor } from '../money/index.js';

/**
 * An HS code as a declaration carries it: the 6-digit Harmonized System heading, the 8-digit
 * Chinese tariff line, or the 10-digit commodity code of China Customs (8 + 2 supervision
 * digits). Written with or without dots and blanks ("8517.62.00.00"), stored as digits only.
 */
export function normalizeHsCode(text: string): string {
  return text.replace(/[\s.]/g, '');
}

/** Null when a (normalized) HS code is well formed, else the Chinese message. */
export function hsCodeError(code: string): string | null {
  if (!/^\d+$/.test(code)) return 'HS编码只能包含数字(可用点分隔)';
  if (![6, 8, 10].includes(code.length)) return 'HS编码应为6位、8位或10位数字';
  const chapter = Number(code.slice(0, 2));
  // The Harmonized System has chapters 01-97; chapter 77 is reserved and holds no goods.
  if (chapter < 1 || chapter > 97 || chapter === 77) return 'HS编码前两位(章号)应在01-97之间且不为77';
  return null;
}

/** Units of quantity a declaration uses (legal units of China Customs most used for parcels). */
export const CUSTOMS_UNITS = [
  '个',
  '件',
  '套',
  '双',
  '台',
  '条',
  '只',
  '张',
  '对',
  '盒',
  '包',
  '千克',
  '米',
  '平方米',
  '升',
] as const;
export type CustomsUnit = (typeof CUSTOMS_UNITS)[number];

/**
 * How the declared value of a line is set: `order` the price the buyer paid for the line;
 * `ratio` a percentage of it (1-100, for sellers who declare below the selling price only
 * within what the rules allow, e.g. the goods' cost share); `fixed` a fixed amount per unit.
 */
export const VALUE_RULES = { order: '按订单金额申报', ratio: '按订单金额比例申报', fixed: '固定申报价值' } as const;
export type ValueRule = keyof typeof VALUE_RULES;

/** The stored rule of one HS code. */
export interface DeclaredValueRule {
  value_rule: ValueRule;
  /** Percent of the order amount (ratio only). */
  value_ratio: number | null;
  /** Amount per unit in minor units of `value_currency` (fixed only). */
  value_fixed: Minor | null;
  value_currency: string | null;
}

/**
 * The declared value of a line under its HS code's rule: `paid` is what the buyer paid for
 * the line (minor units of `currency`), `quantity` its units. A fixed value is per unit and
 * keeps its own currency; the others keep the order's. Integer arithmetic, one rounding.
 */
export function declaredValue(
  rule: DeclaredValueRule,
  paid: Minor,
  currency: string,
  quantity: number,
): { value: Minor; currency: string } {
  switch (rule.value_rule) {
    case 'order':
      return { value: paid, currency };
    case 'ratio':
      return { value: minor(Number(divRoundHalfAway(BigInt(paid) * BigInt(rule.value_ratio ?? 100), 100n))), currency };
    case 'fixed':
      return { value: minor((rule.value_fixed ?? 0) * quantity), currency: rule.value_currency ?? currency };
  }
}
