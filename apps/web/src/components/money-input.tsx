import { Input, type InputProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  minorUnitsInputError,
  moneyInputError,
  moneyInputText,
  readMinorUnitsInput,
  readMoneyInput,
} from '../lib/money-input';

type Props = Omit<InputProps, 'value' | 'onChange'> & {
  /** Major units (yuan: 12.5); NaN while the text is no amount, null when blank. */
  value?: number | null;
  onChange?: (value: number | null) => void;
  currency?: string;
  allowNegative?: boolean;
  /** The value is a whole number of minor units (a price band in cents), typed as such. */
  minorUnits?: boolean;
};

/** How a MoneyInput reads, checks and shows its text. */
function textRules(currency: string, allowNegative: boolean, minorUnits: boolean) {
  if (minorUnits)
    return {
      read: readMinorUnitsInput,
      error: minorUnitsInputError,
      show: (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : ''),
    };
  return {
    read: (t: string) => readMoneyInput(t, currency, allowNegative),
    error: (t: string) => moneyInputError(t, currency, allowNegative),
    show: (v: number | null | undefined) => moneyInputText(v, currency),
  };
}

/**
 * The input of every amount a person types in major units (issue 27 §5b): the text is read by the
 * shared money parser, so "10,50" or "1,,000" is shown as 金额格式不正确 (the parser's message, in
 * red under a form field through `moneyInputRule`, else on the input itself) and never read as
 * 1050 or 1000. The value stays a number, as the forms' InputNumber gave it.
 */
export function MoneyInput({
  value,
  onChange,
  currency = 'CNY',
  allowNegative = false,
  minorUnits = false,
  ...rest
}: Props) {
  const rules = useMemo(() => textRules(currency, allowNegative, minorUnits), [currency, allowNegative, minorUnits]);
  const [text, setText] = useState(() => rules.show(value));
  // The value this input last reported: only a different value set from outside (a loaded
  // product, a reset form) replaces the text, so "12.5" or "10," stays as typed.
  const reported = useRef<number | null>(value ?? null);
  useEffect(() => {
    if (Object.is(value ?? null, reported.current)) return;
    reported.current = value ?? null;
    setText(rules.show(value));
  }, [value, rules]);
  const error = rules.error(text);
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={text}
      status={error ? 'error' : rest.status}
      title={error ?? rest.title}
      onChange={(e) => {
        const t = e.target.value;
        const v = t.trim() === '' ? null : rules.read(t);
        setText(t);
        reported.current = v;
        onChange?.(v);
      }}
    />
  );
}
