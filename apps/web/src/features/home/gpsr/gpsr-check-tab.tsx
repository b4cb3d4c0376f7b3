import { thumbnailUrl } from '@console/shared/constants/images';
import { countryName } from '@console/shared/constants/marketplaces';
import { GPSR_MARKETPLACES } from '@console/shared/schemas/gpsr';
import { Alert, Button, Image, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { type GpsrCheckFilters, useGpsrCheck } from '../../../api/gpsr';
import { KeywordSearchForm, serverPagination } from '../../../components/list-parts';
import { MissingTags } from './gpsr-profiles-tab';

interface CheckRow {
  goods_id: number;
  sku: string;
  title: string;
  image: string;
  profile_id: number | null;
  profile_name: string | null;
  missing: string[];
}

/**
 * 缺失检查: per EU marketplace, the products Amazon would refuse for missing GPSR data (no
 * profile there, or a profile lacking manufacturer, responsible person or safety information),
 * each with a way to fix it.
 */
export function GpsrCheckTab({
  onApply,
  onEditProfile,
}: {
  onApply: (goodsId: number, marketplace: string) => void;
  onEditProfile: (profileId: number) => void;
}) {
  const [filters, setFilters] = useState<GpsrCheckFilters>({ marketplace: 'de', page: 1, pageSize: 20 });
  const check = useGpsrCheck(filters);
  const counts = check.data?.counts ?? {};

  return (
    <>
      <Tabs
        activeKey={filters.marketplace}
        onChange={(m) => setFilters({ ...filters, marketplace: m, page: 1 })}
        items={GPSR_MARKETPLACES.map((m) => ({ key: m, label: `${countryName(m)} (${counts[m] ?? 0})` }))}
      />
      <KeywordSearchForm
        filters={filters}
        setFilters={setFilters}
        hint="标题 / SKU / ASIN"
        testId="gpsr-check-search"
      />
      {check.data && check.data.total === 0 && (
        <Alert type="success" showIcon message={`${countryName(filters.marketplace)}站点的商品都有完整的GPSR信息`} />
      )}
      <Table<CheckRow>
        rowKey="goods_id"
        size="middle"
        loading={check.isFetching}
        dataSource={check.data?.list ?? []}
        pagination={serverPagination(filters, check.data?.total ?? 0, setFilters)}
        data-testid="gpsr-check-table"
        columns={[
          {
            title: '图片',
            dataIndex: 'image',
            width: 70,
            render: (url: string) => (url ? <Image width={48} src={thumbnailUrl(url)} preview={{ src: url }} /> : null),
          },
          { title: 'SKU', dataIndex: 'sku', width: 160 },
          {
            title: '标题',
            dataIndex: 'title',
            ellipsis: true,
            render: (title: string, r) => (
              <Link to={`/goods/admin/view/${r.goods_id}`}>{title || `商品 ${r.goods_id}`}</Link>
            ),
          },
          { title: '合规档案', dataIndex: 'profile_name', width: 160, render: (n: string | null) => n ?? '—' },
          { title: '缺少', key: 'missing', render: (_, r) => <MissingTags missing={r.missing} /> },
          {
            title: '去修复',
            key: 'fix',
            width: 190,
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onApply(r.goods_id, filters.marketplace)}>
                  应用档案
                </Button>
                {r.profile_id !== null && (
                  <Button type="link" size="small" onClick={() => onEditProfile(r.profile_id!)}>
                    补全档案
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
