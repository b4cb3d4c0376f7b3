import { CONSUMPTION_TYPES, REF_TYPES, visibleTypes } from '@console/shared/constants/finance';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { type EntryFilters, exportEntries, useEntries } from '../../../api/finance';
import { saveBlob } from '../../../api/goods-files';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';
import { useSessionStore } from '../../../stores/session-store';
import { EntriesTable } from '../components/entries-table';

interface FilterValues {
  type?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
  ref_type?: string;
  ref_id?: string;
}

/** The statement query from the filter form (times in seconds, spec section 5). */
export function entryFilters(v: FilterValues, pageSize: number): EntryFilters {
  const { startTime, endTime } = rangeToSeconds(v.range);
  return {
    page: 1,
    pageSize,
    ...(v.type !== undefined ? { type: v.type } : {}),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
    ...(v.ref_type ? { ref_type: v.ref_type } : {}),
    ...(v.ref_id?.trim() ? { ref_id: v.ref_id.trim() } : {}),
  };
}

/** 财务管理 (`/member/user/spend`): every entry, filters, export to .xlsx; types follow spec section 9. */
export function SpendPage() {
  const user = useSessionStore((s) => s.user);
  const [filters, setFilters] = useState<EntryFilters>({ page: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);
  const entries = useEntries(filters);
  const presets = useMemo(() => rangePresets(), []);
  const typeOptions = useMemo(
    () =>
      (user ? visibleTypes(user) : []).map((t) => ({
        value: t,
        label: CONSUMPTION_TYPES[t as keyof typeof CONSUMPTION_TYPES],
      })),
    [user],
  );
  const onExport = async () => {
    setExporting(true);
    try {
      const { page: _p, pageSize: _s, ...rest } = filters;
      const f = await exportEntries(rest);
      if (f.kind === 'file') saveBlob(f.blob, f.fileName);
    } finally {
      setExporting(false);
    }
  };
  return (
    <PageContainer
      title="财务管理"
      extra={
        <Button onClick={onExport} loading={exporting} data-testid="export-entries">
          导出
        </Button>
      }
    >
      <Form<FilterValues>
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v) => setFilters(entryFilters(v, filters.pageSize))}
      >
        <Form.Item name="type">
          <Select placeholder="类型" allowClear options={typeOptions} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="ref_type">
          <Select
            placeholder="关联类型"
            allowClear
            options={Object.entries(REF_TYPES).map(([value, label]) => ({ value, label }))}
            style={{ width: 120 }}
          />
        </Form.Item>
        <Form.Item name="ref_id">
          <Input placeholder="关联单号" style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <EntriesTable
        rows={entries.data?.list ?? []}
        total={entries.data?.total ?? 0}
        page={filters.page}
        pageSize={filters.pageSize}
        loading={entries.isFetching}
        onPage={(page, pageSize) => setFilters({ ...filters, page, pageSize })}
      />
    </PageContainer>
  );
}
