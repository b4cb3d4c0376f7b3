import { type TableProps, Tabs } from 'antd';

/** The filters every paged 海外仓 document list keeps: page, size, and the status tab. */
interface ListFilters<S extends string> {
  page: number;
  pageSize: number;
  status?: S;
}

/**
 * Status tabs of a document list (入库单, 出库单): 全部 and each status with its count; choosing
 * one sets `status` in the filters (全部 removes it) and goes back to page 1.
 */
export function StatusTabs<S extends string, F extends ListFilters<S>>({
  filters,
  setFilters,
  statuses,
  labels,
  counts,
  testId,
}: {
  filters: F;
  setFilters: (f: F) => void;
  statuses: readonly S[];
  labels: Record<S, string>;
  counts: Partial<Record<S, number>>;
  testId: string;
}) {
  const total = statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return (
    <Tabs
      activeKey={filters.status ?? 'all'}
      data-testid={testId}
      onChange={(k) => {
        const { status: _s, ...rest } = filters;
        setFilters({ ...rest, page: 1, ...(k === 'all' ? {} : { status: k as S }) } as F);
      }}
      items={[
        { key: 'all', label: `全部 (${total})` },
        ...statuses.map((s) => ({ key: s, label: `${labels[s]} (${counts[s] ?? 0})` })),
      ]}
    />
  );
}

/** A table's rows, loading state and pagination from a paged list query and its filters. */
export function pagedTable<R, F extends ListFilters<string>>(
  query: { isFetching: boolean; data?: { list: R[]; total: number } },
  filters: F,
  setFilters: (f: F) => void,
): Pick<TableProps<R>, 'loading' | 'dataSource' | 'pagination'> {
  return {
    loading: query.isFetching,
    dataSource: query.data?.list ?? [],
    pagination: {
      current: filters.page,
      pageSize: filters.pageSize,
      total: query.data?.total ?? 0,
      showTotal: (t) => `共 ${t} 条`,
      onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
    },
  };
}
