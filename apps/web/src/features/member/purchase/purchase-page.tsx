import { Button, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { type EntryFilters, usePurchases } from '../../../api/finance';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';
import { EntriesTable } from '../components/entries-table';

/** 采购明细 (`/member/purchase`): what was spent buying goods for orders (posted by the orders work). */
export function PurchasePage() {
  const [filters, setFilters] = useState<EntryFilters>({ page: 1, pageSize: 20 });
  const list = usePurchases(filters);
  const presets = useMemo(() => rangePresets(), []);
  return (
    <PageContainer title="采购明细">
      <Form<{ range?: [Dayjs | null, Dayjs | null] | null; ref_id?: string }>
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v) => {
          const { startTime, endTime } = rangeToSeconds(v.range);
          setFilters({
            page: 1,
            pageSize: filters.pageSize,
            ...(startTime ? { startTime } : {}),
            ...(endTime ? { endTime } : {}),
            ...(v.ref_id?.trim() ? { ref_id: v.ref_id.trim() } : {}),
          });
        }}
      >
        <Form.Item name="range">
          <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="ref_id">
          <Input placeholder="订单号" style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form>
      <EntriesTable
        rows={list.data?.list ?? []}
        total={list.data?.total ?? 0}
        page={filters.page}
        pageSize={filters.pageSize}
        loading={list.isFetching}
        onPage={(page, pageSize) => setFilters({ ...filters, page, pageSize })}
      />
    </PageContainer>
  );
}
