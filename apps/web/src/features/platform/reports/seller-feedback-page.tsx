import type { FeedbackItem, ReportsFeedbackBody } from '@console/shared/schemas/seller-reports';
import { Button, DatePicker, Form, Rate, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { saveBlob } from '../../../api/goods-files';
import { PageContainer } from '../../../layout/page/page-container';
import { rangePresets, rangeToSeconds } from '../../../lib/date-range';
import { RefreshBar } from './refresh-bar';
import { exportFeedback, useFeedback, usePerformance } from './reports-api';

interface FilterValues {
  shop_id?: number;
  rating?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const RATING_COLORS: Record<number, string> = { 1: 'red', 2: 'volcano', 3: 'gold', 4: 'blue', 5: 'green' };

/** 卖家反馈 (`/platform/reports/sellerFeedback/list`): buyers' feedback of the shops from the Reports API. */
export function SellerFeedbackPage() {
  const [filters, setFilters] = useState<ReportsFeedbackBody>({ page: 1, pageSize: 20 });
  const [form] = Form.useForm<FilterValues>();
  const presets = useMemo(() => rangePresets(), []);
  const shops = usePerformance();
  const list = useFeedback(filters);
  const shopOptions = [...new Map((shops.data?.list ?? []).map((e) => [e.shop_id, e.shop_name])).entries()];
  const counts = list.data?.counts;
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    try {
      const f = await exportFeedback(filters);
      if (f.kind === 'file') saveBlob(f.blob, f.fileName);
    } finally {
      setExporting(false);
    }
  };
  const search = (v: FilterValues) => {
    const { startTime, endTime } = rangeToSeconds(v.range);
    setFilters({
      page: 1,
      pageSize: filters.pageSize,
      ...(v.shop_id ? { shop_id: v.shop_id } : {}),
      ...(v.rating ? { rating: v.rating } : {}),
      ...(startTime ? { startTime } : {}),
      ...(endTime ? { endTime } : {}),
    });
  };
  const byRating = (rating: number | undefined) => {
    form.setFieldValue('rating', rating);
    search(form.getFieldsValue());
  };
  return (
    <PageContainer title="卖家反馈">
      <Form<FilterValues> form={form} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={search}>
        <Form.Item name="shop_id">
          <Select
            allowClear
            placeholder="全部店铺"
            style={{ width: 200 }}
            options={shopOptions.map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="rating">
          <Select
            allowClear
            placeholder="评分"
            style={{ width: 120 }}
            options={[5, 4, 3, 2, 1].map((r) => ({ value: r, label: `${r} 星` }))}
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker presets={presets} allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={onExport} loading={exporting} data-testid="feedback-export">
            导出
          </Button>
        </Space>
      </Form>
      <RefreshBar
        reportType="GET_SELLER_FEEDBACK_DATA"
        shopId={filters.shop_id}
        lastFetchedAt={list.data?.state.last_fetched_at}
        lastError={list.data?.state.last_error}
        running={list.data?.state.running}
        disabled={shops.isSuccess && shopOptions.length === 0}
      />
      <Space wrap style={{ marginBottom: 12 }} data-testid="feedback-counts">
        <Typography.Text>按评分:</Typography.Text>
        {[5, 4, 3, 2, 1].map((r) => (
          <Tag.CheckableTag key={r} checked={filters.rating === r} onChange={(on) => byRating(on ? r : undefined)}>
            <Tag color={RATING_COLORS[r]}>
              {r} 星 {counts?.[r as 1 | 2 | 3 | 4 | 5] ?? 0}
            </Tag>
          </Tag.CheckableTag>
        ))}
      </Space>
      <Table<FeedbackItem>
        rowKey="id"
        size="small"
        data-testid="feedback-table"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          { title: '日期', dataIndex: 'feedback_date', width: 110 },
          {
            title: '评分',
            dataIndex: 'rating',
            width: 150,
            render: (v: number) => <Rate disabled value={v} style={{ fontSize: 14 }} aria-label={`${v} 星`} />,
          },
          { title: '评论', dataIndex: 'comments' },
          {
            title: '订单号',
            dataIndex: 'order_id',
            width: 190,
            render: (v: string) => <Link to={`/order/list?keyword=${encodeURIComponent(v)}`}>{v}</Link>,
          },
          { title: '回复', dataIndex: 'response', render: (v: string) => v || '-' },
          { title: '店铺', dataIndex: 'shop_name', width: 140 },
        ]}
      />
    </PageContainer>
  );
}
