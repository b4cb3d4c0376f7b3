/**
 * The unified social credit code of a Chinese legal person or organisation (GB 32100-2015):
 * 18 characters of the alphabet below (digits and upper-case letters without I, O, Z, S, V);
 * the 18th is a check character computed from the first 17 with weights 3^i mod 31.
 */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character for the first 17 characters (assumed to be of the alphabet). */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CODE_ALPHABET.indexOf(first17[i]!) * WEIGHTS[i]!;
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31]!;
}

/**
 * Checks a unified social credit code; answers null when valid, else the Chinese message.
 * Lower-case letters are not accepted (the code is printed upper case on every licence);
 * callers trim and upper-case the input first.
 */
export function creditCodeError(code: string): string | null {
  if (code.length !== 18) return '统一社会信用代码应为18位';
  for (const ch of code) {
    if (!CREDIT_CODE_ALPHABET.includes(ch)) return `统一社会信用代码含有无效字符: ${ch}`;
  }
  if (!/^\d{6}$/.test(code.slice(2, 8))) return '统一社会信用代码第3-8位应为行政区划码';
  if (creditCodeCheckChar(code.slice(0, 17)) !== code[17]) return '统一社会信用代码校验位不正确';
  return null;
}
