import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, Input, InputNumber, Select, Space, Spin, Switch, Typography } from 'antd';
import { memo, useMemo, useState } from 'react';
import { get } from '../../../../api/http';
import { useEditor, useEditorStore } from '../editor-store';

interface AttrField {
  path: string;
  label: string;
  type: string;
  required: boolean;
  enum?: { value: string | number | boolean; name: string }[];
  enumOpen?: boolean;
  editable?: boolean;
  hidden?: boolean;
}
interface Attr {
  name: string;
  label: string;
  description?: string;
  required: boolean;
  fields: AttrField[];
}
interface TypeRow {
  productType: string;
  displayName: string;
  marketplaces: string[];
}

/** Marketplaces the shipped product types are offered in. */
const MARKETPLACES = [
  { value: 'us', label: '美国' },
  { value: 'en', label: '英国' },
  { value: 'de', label: '德国' },
  { value: 'fr', label: '法国' },
  { value: 'ja', label: '日本' },
];

/** Whether an attribute has a simple value shape the generic form renders: one visible `value` leaf. */
export function isSimpleAttr(a: Attr): boolean {
  const visible = a.fields.filter((f) => !f.hidden);
  return (
    visible.length === 1 &&
    visible[0]?.path === 'value' &&
    ['string', 'number', 'integer', 'boolean'].includes(visible[0].type)
  );
}

const attrValue = (attrs: Record<string, unknown>, name: string): unknown =>
  (attrs[name] as { value?: unknown }[] | undefined)?.[0]?.value;

function FieldInput({ f, value, onChange }: { f: AttrField; value: unknown; onChange: (v: unknown) => void }) {
  if (f.type === 'boolean') return <Switch checked={value === true} onChange={onChange} />;
  if (f.enum?.length)
    return (
      <Select
        allowClear
        showSearch
        mode={f.enumOpen ? 'tags' : undefined}
        maxCount={f.enumOpen ? 1 : undefined}
        value={f.enumOpen ? (value === undefined ? [] : [value]) : value}
        options={f.enum.map((e) => ({ value: e.value as string, label: e.name }))}
        onChange={(v: unknown) => onChange(Array.isArray(v) ? v[0] : v)}
        style={{ width: 320 }}
      />
    );
  if (f.type === 'number' || f.type === 'integer')
    return (
      <InputNumber
        value={value as number | undefined}
        precision={f.type === 'integer' ? 0 : undefined}
        onChange={(v) => onChange(v ?? undefined)}
        style={{ width: 200 }}
      />
    );
  return (
    <Input
      value={(value as string) ?? ''}
      onChange={(e) => onChange(e.target.value || undefined)}
      style={{ maxWidth: 520 }}
    />
  );
}

/** Extra attributes pane: product type + marketplace template, a generic form of its simple attributes, server errors inline. */
export const AttributesForm = memo(function AttributesForm() {
  const store = useEditorStore();
  const template = useEditor((s) => s.draft.template);
  const extraAttrs = useEditor((s) => s.draft.extraAttrs);
  const errors = useEditor((s) => s.attrErrors);
  const missing = useEditor((s) => s.missingAttrs);
  const [showAll, setShowAll] = useState(false);
  const marketplace = template?.marketplace ?? 'us';
  const types = useQuery({
    queryKey: ['goods', 'product-types', marketplace],
    queryFn: () => get<{ list: TypeRow[] }>('/categoryTemplate/getCategoryTemp', { marketplace }),
    staleTime: Infinity,
  });
  const schema = useQuery({
    queryKey: ['goods', 'temp-attr', template?.product_type, marketplace],
    queryFn: () =>
      get<{ attributes: Attr[] }>('/categoryTemplate/getTempAttr', {
        productType: template?.product_type,
        marketplace,
      }),
    enabled: Boolean(template?.product_type),
    staleTime: Infinity,
  });
  const attrs = schema.data?.attributes ?? [];
  const simple = useMemo(() => attrs.filter(isSimpleAttr), [attrs]);
  const complex = attrs.length - simple.length;
  const shown = showAll ? simple : simple.filter((a) => a.required || attrValue(extraAttrs, a.name) !== undefined);
  const setValue = (name: string, v: unknown) => {
    const next = { ...store.getState().draft.extraAttrs };
    if (v === undefined || v === '') delete next[name];
    else next[name] = [{ value: v }];
    store.getState().setDraft({ extraAttrs: next });
  };
  const setTemplate = (t: { product_type?: string; marketplace?: string }) => {
    const product_type = t.product_type ?? template?.product_type ?? '';
    store.getState().setDraft({
      template: product_type ? { product_type, marketplace: t.marketplace ?? marketplace } : null,
    });
  };

  return (
    <div data-testid="attributes-form">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          value={marketplace}
          options={MARKETPLACES}
          onChange={(m) => setTemplate({ marketplace: m })}
          style={{ width: 100 }}
        />
        <Select
          showSearch
          allowClear
          placeholder="选择产品类型"
          loading={types.isFetching}
          value={template?.product_type}
          style={{ width: 320 }}
          optionFilterProp="label"
          options={(types.data?.list ?? []).map((t) => ({
            value: t.productType,
            label: `${t.displayName} (${t.productType})`,
          }))}
          onChange={(v?: string) =>
            v ? setTemplate({ product_type: v }) : store.getState().setDraft({ template: null, extraAttrs: {} })
          }
        />
        <span>显示全部属性</span>
        <Switch size="small" checked={showAll} onChange={setShowAll} />
      </Space>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`以下必填属性未填写(上传前需补全,部分由商品字段自动提供): ${missing.map((m) => m.label).join('、')}`}
        />
      )}
      {!template ? (
        <Empty description="请选择产品类型和站点" />
      ) : schema.isLoading ? (
        <Spin />
      ) : (
        <Form layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 18 }}>
          {shown.map((a) => {
            const f = a.fields[0] as AttrField;
            const err = errors.filter((e) => e.attr === a.name);
            return (
              <Form.Item
                key={a.name}
                label={a.label}
                required={a.required}
                tooltip={a.description}
                validateStatus={err.length ? 'error' : undefined}
                help={err.length ? err.map((e) => e.message).join('; ') : undefined}
              >
                <FieldInput f={f} value={attrValue(extraAttrs, a.name)} onChange={(v) => setValue(a.name, v)} />
              </Form.Item>
            );
          })}
          {errors
            .filter((e) => !shown.some((a) => a.name === e.attr))
            .map((e) => (
              <Alert key={`${e.attr}-${e.field}`} type="error" title={e.message} style={{ marginBottom: 4 }} />
            ))}
          <Typography.Text type="secondary">
            共 {attrs.length} 个属性,此处显示 {shown.length} 个简单属性;{complex}{' '}
            个结构复杂的属性(尺寸、带单位的值等)暂不在此编辑。
          </Typography.Text>
        </Form>
      )}
    </div>
  );
});
