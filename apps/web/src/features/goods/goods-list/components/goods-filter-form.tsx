import { GOODS_LACKS, GOODS_TYPES, type GoodsLack } from '@console/shared/constants/goods';
import { GOODS_SCOPE_NAMES, goodsScopeOf } from '@console/shared/permissions/can';
import { Button, DatePicker, Form, Input, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { memo, useEffect, useMemo } from 'react';
import { rangePresets, rangeToSeconds } from '../../../../lib/date-range';
import { useSessionStore } from '../../../../stores/session-store';
import { CategorySelect } from '../../components/category-select';
import { CreatorSelect } from '../../components/creator-select';

/** Values of the filter form. */
export interface GoodsFilterValues {
  type?: number;
  keyword?: string;
  category_id?: number | null;
  creator_id?: number | null;
  /** 待完善 (GOODS_LACKS). */
  lack?: GoodsLack | null;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The filter part of the list query built from the form (spec section 5: range -> startTime/endTime seconds). */
export function filterFromValues(v: GoodsFilterValues) {
  const { startTime, endTime } = rangeToSeconds(v.range);
  return {
    type: v.type ?? 0,
    ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
    ...(v.category_id ? { category_id: v.category_id } : {}),
    ...(v.creator_id ? { creator_id: v.creator_id } : {}),
    ...(v.lack ? { lack: v.lack } : {}),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
  };
}

const typeOptions = GOODS_TYPES.map((t) => ({ value: t.value, label: t.label }));
const lackOptions = GOODS_LACKS.map((l) => ({ value: l.value, label: l.label }));

/**
 * Product list filters: type, keyword, category, creator, 待完善, date range with shortcuts.
 * `preset` (from another page, e.g. the home page's counts) replaces the form's values.
 */
export const GoodsFilterForm = memo(function GoodsFilterForm({
  onSearch,
  preset,
}: {
  onSearch: (filter: ReturnType<typeof filterFromValues>) => void;
  preset?: GoodsFilterValues | null;
}) {
  const [form] = Form.useForm<GoodsFilterValues>();
  const presets = useMemo(() => rangePresets(), []);
  // The caller's data scope (issue 13 §5): the server narrows the list; own products need no creator filter.
  const user = useSessionStore((s) => s.user);
  const scope = user ? goodsScopeOf(user) : 'all';
  useEffect(() => {
    if (!preset) return;
    form.resetFields();
    form.setFieldsValue(preset);
  }, [form, preset]);
  return (
    <Form<GoodsFilterValues>
      form={form}
      layout="inline"
      initialValues={{ type: 0 }}
      style={{ marginBottom: 12, rowGap: 8 }}
      onFinish={(v) => onSearch(filterFromValues(v))}
      data-testid="goods-filter"
    >
      <Form.Item name="type" label="类型">
        <Select options={typeOptions} style={{ width: 120 }} data-testid="goods-filter-type" />
      </Form.Item>
      <Form.Item name="keyword">
        <Input placeholder="标题/SKU/ASIN/EAN" allowClear style={{ width: 220 }} data-testid="goods-filter-keyword" />
      </Form.Item>
      <Form.Item name="category_id">
        <CategorySelect style={{ width: 160 }} data-testid="goods-filter-category" />
      </Form.Item>
      {scope !== 'own' && (
        <Form.Item name="creator_id">
          <CreatorSelect style={{ width: 140 }} data-testid="goods-filter-creator" />
        </Form.Item>
      )}
      <Form.Item name="lack">
        <Select
          allowClear
          placeholder="待完善"
          options={lackOptions}
          style={{ width: 150 }}
          data-testid="goods-filter-lack"
        />
      </Form.Item>
      <Form.Item name="range" label="创建时间">
        <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" data-testid="goods-filter-submit">
          查询
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch(filterFromValues({ type: 0 }));
          }}
        >
          重置
        </Button>
        {scope !== 'all' && (
          <Tag color="blue" data-testid="goods-scope-tag">
            数据范围: {GOODS_SCOPE_NAMES[scope]}
          </Tag>
        )}
      </Space>
    </Form>
  );
});
