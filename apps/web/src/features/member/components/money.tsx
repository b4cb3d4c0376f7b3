import { minor, parseMoney, toDecimalString } from '@console/shared/money';
import { Typography } from 'antd';

/** Fen as yuan text: `¥12.34`, `-¥3.00`. */
export function yuan(fen: number): string {
  const text = toDecimalString(minor(Math.abs(fen)), 'CNY');
  return `${fen < 0 ? '-' : ''}¥${text}`;
}

/** A signed amount, green when money came in, red when it went out. */
export function SignedAmount({ fen }: { fen: number }) {
  const type = fen > 0 ? 'success' : fen < 0 ? 'danger' : undefined;
  return (
    <Typography.Text type={type} data-testid="signed-amount">
      {fen > 0 ? '+' : ''}
      {yuan(fen)}
    </Typography.Text>
  );
}

/**
 * An antd form rule that reads yuan text exactly (no floats) with the shared money messages; a
 * value that passes is turned into fen by `toFen`.
 */
export const yuanRule = {
  validator: async (_: unknown, v: string | undefined) => {
    const r = parseMoney(v ?? '', 'CNY');
    if (!r.ok) throw new Error(r.error);
    if (r.value <= 0) throw new Error('金额必须大于0');
  },
};

/** Yuan text -> fen (after `yuanRule` passed). */
export function toFen(v: string): number {
  const r = parseMoney(v, 'CNY');
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
