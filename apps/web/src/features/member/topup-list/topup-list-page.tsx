import { TOPUP_STATUS } from '@console/shared/constants/finance';
import { Button, DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { type TopupFilters, useTopups } from '../../../api/finance';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';
import { TopupTable } from '../components/topup-table';

/** Status and date filters of the top-up lists. */
export interface TopupFilterValues {
  status?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The top-up list query from the filter form. */
export function topupFilters(v: TopupFilterValues, pageSize: number): TopupFilters {
  const { startTime, endTime } = rangeToSeconds(v.range);
  return {
    page: 1,
    pageSize,
    ...(v.status !== undefined ? { status: v.status } : {}),
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
  };
}

/** The status and date-range filter form (with the spec's date shortcuts). */
export function TopupFilterForm({ onSearch }: { onSearch: (v: TopupFilterValues) => void }) {
  const presets = useMemo(() => rangePresets(), []);
  return (
    <Form<TopupFilterValues> layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={onSearch}>
      <Form.Item name="status">
        <Select
          placeholder="状态"
          allowClear
          style={{ width: 120 }}
          options={Object.entries(TOPUP_STATUS).map(([value, label]) => ({ value: Number(value), label }))}
        />
      </Form.Item>
      <Form.Item name="range">
        <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        查询
      </Button>
    </Form>
  );
}

/** 充值记录 (`/member/user/topup-list`): the tenant's top-ups with their review status. */
export function TopupListPage() {
  const [filters, setFilters] = useState<TopupFilters>({ page: 1, pageSize: 20 });
  const list = useTopups(filters);
  return (
    <PageContainer title="充值记录">
      <TopupFilterForm onSearch={(v) => setFilters(topupFilters(v, filters.pageSize))} />
      <TopupTable
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
