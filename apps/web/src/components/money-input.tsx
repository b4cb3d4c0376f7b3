import { Input, type InputProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { moneyInputError, moneyInputText, readMoneyInput } from '../lib/money-input';

type Props = Omit<InputProps, 'value' | 'onChange'> & {
  /** Major units (yuan: 12.5); NaN while the text is no amount, null when blank. */
  value?: number | null;
  onChange?: (value: number | null) => void;
  currency?: string;
  allowNegative?: boolean;
};

/**
 * The input of every amount a person types in major units (issue 27 §5b): the text is read by the
 * shared money parser, so "10,50" or "1,,000" is shown as 金额格式不正确 (the parser's message, in
 * red under a form field through `moneyInputRule`, else on the input itself) and never read as
 * 1050 or 1000. The value stays a number, as the forms' InputNumber gave it.
 */
export function MoneyInput({ value, onChange, currency = 'CNY', allowNegative = false, ...rest }: Props) {
  const [text, setText] = useState(() => moneyInputText(value, currency));
  // The value this input last reported: only a different value set from outside (a loaded
  // product, a reset form) replaces the text, so "12.5" or "10," stays as typed.
  const reported = useRef<number | null>(value ?? null);
  useEffect(() => {
    if (Object.is(value ?? null, reported.current)) return;
    reported.current = value ?? null;
    setText(moneyInputText(value, currency));
  }, [value, currency]);
  const error = moneyInputError(text, currency, allowNegative);
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
        const v = t.trim() === '' ? null : readMoneyInput(t, currency, allowNegative);
        setText(t);
        reported.current = v;
        onChange?.(v);
      }}
    />
  );
}
