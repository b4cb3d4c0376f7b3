import { AutoComplete, DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { memo, useEffect, useMemo, useState } from 'react';
import type { ChoiceOption, LeafNode } from './attr-schema';
import { numberSuggestions, parseNumberText } from './attr-values';

/** A value the input hands back; undefined clears the field. */
export type LeafValue = string | number | boolean | undefined;

type Status = 'error' | undefined;

const selectOptions = (options: readonly ChoiceOption[]) =>
  options.map((o) => ({
    // antd Select keys options by value; booleans become strings and are mapped back.
    value: typeof o.value === 'boolean' ? String(o.value) : o.value,
    label: o.deprecated ? `${o.label} (已弃用)` : o.label,
  }));

const LONG_TEXT = 300;

const numberText = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '');

/** Props of a single-value input (and of the number field with suggestions). */
interface LeafInputProps {
  leaf: LeafNode;
  value: unknown;
  onChange: (v: LeafValue) => void;
  status: Status;
  testId: string;
  width?: number | string;
  disabled?: boolean;
}

/**
 * A number with suggested values (an `anyOf` enum beside a free number, or `examples`): the
 * suggestions drop down, any number may be typed. The text is kept while typing ("1." or a
 * typo stays on screen); the value is the number it reads as, or the text when it is not a
 * number, so the field's check says 应为数字.
 */
function NumberSuggest({ leaf, value, onChange, status, testId, width, disabled }: LeafInputProps) {
  const suggestions = useMemo(() => numberSuggestions(leaf), [leaf]);
  const [text, setText] = useState(() => numberText(value));
  // A value set from outside (reload, another marketplace's copy) replaces the text.
  useEffect(() => {
    setText((cur) => (parseNumberText(cur) === value ? cur : numberText(value)));
  }, [value]);
  const typed = text.trim();
  const options = suggestions
    .filter((o) => !typed || String(o.value).startsWith(typed))
    .map((o) => ({ value: String(o.value), label: o.label }));
  return (
    <AutoComplete
      allowClear
      disabled={disabled}
      value={text}
      options={options}
      popupMatchSelectWidth={false}
      style={{ width: width ?? 220 }}
      onChange={(v?: string) => {
        const next = v ?? '';
        setText(next);
        onChange(parseNumberText(next));
      }}
    >
      <Input
        data-testid={testId}
        status={status}
        disabled={disabled}
        inputMode="decimal"
        placeholder={suggestions.length ? '可选择或输入数字' : undefined}
      />
    </AutoComplete>
  );
}

/**
 * The input of one leaf: select for closed choices, suggestions for open ones, number (with
 * suggestions when the schema has some), date or text. `disabled`: a saved value of an
 * `editable: false` field, shown but not editable.
 */
export const LeafInput = memo(function LeafInput({
  leaf,
  value,
  onChange,
  status,
  testId,
  width,
  disabled,
}: LeafInputProps) {
  const options = useMemo(() => (leaf.options ? selectOptions(leaf.options) : []), [leaf.options]);
  const style = { width: width ?? (leaf.type === 'string' ? '100%' : 220), maxWidth: 560 };
  const closed = options.length > 0 && !leaf.open;

  if (closed) {
    const shown = typeof value === 'boolean' ? String(value) : (value as string | number | undefined);
    return (
      <Select
        data-testid={testId}
        allowClear
        disabled={disabled}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={`请选择${leaf.label}`}
        status={status}
        value={shown ?? null}
        options={options}
        style={{ ...style, width: width ?? 320 }}
        onChange={(v?: string | number | null) => {
          if (v === undefined || v === null) onChange(undefined);
          else if (leaf.type === 'boolean') onChange(v === 'true');
          else onChange(v);
        }}
      />
    );
  }
  if ((leaf.type === 'number' || leaf.type === 'integer') && (leaf.options?.length || leaf.exampleValues?.length)) {
    return (
      <NumberSuggest
        leaf={leaf}
        value={value}
        onChange={onChange}
        status={status}
        testId={testId}
        width={width}
        disabled={disabled}
      />
    );
  }
  if (leaf.type === 'number' || leaf.type === 'integer') {
    return (
      <InputNumber
        data-testid={testId}
        disabled={disabled}
        status={status}
        value={typeof value === 'number' ? value : null}
        precision={leaf.type === 'integer' ? 0 : undefined}
        placeholder={leaf.examples[0] ? `如 ${leaf.examples[0]}` : undefined}
        style={{ width: width ?? 220 }}
        onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      />
    );
  }
  if (leaf.format === 'date' || leaf.format === 'date-or-time') {
    const d = typeof value === 'string' && value ? dayjs(value) : null;
    return (
      <DatePicker
        data-testid={testId}
        disabled={disabled}
        status={status}
        value={d?.isValid() ? d : null}
        style={{ width: width ?? 220 }}
        onChange={(x) => onChange(x ? x.format('YYYY-MM-DD') : undefined)}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  const count = leaf.maxLength !== undefined ? { show: true, max: leaf.maxLength } : undefined;
  if (options.length)
    return (
      <AutoComplete
        data-testid={testId}
        allowClear
        disabled={disabled}
        status={status}
        value={text}
        options={options.map((o) => ({ value: String(o.value), label: o.label }))}
        showSearch={{
          filterOption: (input, o) =>
            String(o?.label ?? '')
              .toLowerCase()
              .includes(input.toLowerCase()) ||
            String(o?.value ?? '')
              .toLowerCase()
              .includes(input.toLowerCase()),
        }}
        placeholder="可选择或输入"
        style={style}
        onChange={(v?: string) => onChange(v || undefined)}
      />
    );
  if ((leaf.maxLength ?? 0) > LONG_TEXT)
    return (
      <Input.TextArea
        data-testid={testId}
        disabled={disabled}
        status={status}
        value={text}
        count={count}
        autoSize={{ minRows: 1, maxRows: 6 }}
        style={style}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    );
  return (
    <Input
      data-testid={testId}
      disabled={disabled}
      status={status}
      value={text}
      count={count}
      placeholder={leaf.examples[0] ? `如 ${leaf.examples[0]}` : undefined}
      style={style}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
});
