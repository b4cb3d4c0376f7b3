import { thumbnailUrl } from '@console/shared/constants/images';
import { Button, Image, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ClaimRow, useClaimGoods, useClaimList } from '../../../api/goods-claim';
import type { LibraryFilters } from '../../../api/goods-library';
import { useFeedback } from '../../../app/ui-bridge';
import { KeywordSearchForm, serverPagination } from '../../../components/list-parts';
import { PageContainer } from '../../../layout/page/page-container';
import { priceLines } from './claim-prices';

/** How many country prices a row shows before "+N". */
const PRICES_SHOWN = 4;

/** Claim products (`/goods/claim`): products the platform publishes, claimed once into the tenant's library. */
export function ClaimPage() {
  return <ClaimList />;
}

function ClaimList() {
  const { message } = useFeedback();
  const [filters, setFilters] = useState<LibraryFilters>({ page: 1, pageSize: 20 });
  const list = useClaimList(filters);
  const claim = useClaimGoods();

  const claimOne = async (r: ClaimRow) => {
    try {
      await claim.mutateAsync(r.id);
      message.success('认领成功,已复制到商品列表');
    } catch {
      // The http client showed the server's reason (e.g. 该商品已认领过); the list reloads.
    }
  };

  return (
    <PageContainer title="认领商品">
      <KeywordSearchForm filters={filters} setFilters={setFilters} hint="标题 / SKU" testId="claim-filter" />
      <Table<ClaimRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 1000 }}
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
        columns={[
          {
            title: '图片',
            dataIndex: 'thumbnail',
            width: 80,
            render: (url: string) =>
              url ? (
                <Image
                  src={thumbnailUrl(url)}
                  width={56}
                  height={56}
                  style={{ objectFit: 'cover' }}
                  preview={{ src: url }}
                />
              ) : (
                <span style={{ color: '#bbb' }}>无图</span>
              ),
          },
          {
            title: '标题',
            dataIndex: 'title',
            render: (t: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: t }} style={{ marginBottom: 0, maxWidth: 360 }}>
                {t || '-'}
              </Typography.Paragraph>
            ),
          },
          {
            title: 'SKU',
            dataIndex: 'sku',
            width: 160,
            render: (sku: string, r) => (
              <>
                {sku || '-'}
                {r.variation_count > 0 && <div style={{ color: '#909399' }}>{r.variation_count} 个变体</div>}
              </>
            ),
          },
          {
            title: '价格',
            key: 'prices',
            width: 220,
            render: (_, r) => {
              const lines = priceLines(r.prices);
              if (lines.length === 0) return '-';
              return (
                <div style={{ lineHeight: 1.6 }}>
                  {lines.slice(0, PRICES_SHOWN).map((l) => (
                    <div key={l}>{l}</div>
                  ))}
                  {lines.length > PRICES_SHOWN && (
                    <Typography.Text type="secondary" title={lines.slice(PRICES_SHOWN).join('\n')}>
                      +{lines.length - PRICES_SHOWN} 个国家
                    </Typography.Text>
                  )}
                </div>
              );
            },
          },
          {
            title: '操作',
            key: 'ops',
            width: 160,
            fixed: 'right',
            render: (_, r) =>
              r.claimed_goods_id ? (
                <Space>
                  <Tag color="success">已认领</Tag>
                  <Link to={`/goods/admin/update/${r.claimed_goods_id}`}>查看</Link>
                </Space>
              ) : (
                <Button
                  type="primary"
                  size="small"
                  loading={claim.isPending && claim.variables === r.id}
                  onClick={() => claimOne(r)}
                >
                  认领
                </Button>
              ),
          },
        ]}
      />
    </PageContainer>
  );
}
