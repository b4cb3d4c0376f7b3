import type { ListingView } from '@console/shared/schemas/upload';
import { Button, Card, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useListings, useUploadMutations } from '../../../api/upload';
import { useFeedback } from '../../../app/ui-bridge';
import { useHas } from '../../../components/permission';
import { useRefetchOnShow } from '../../../layout/keep-alive/use-refetch-on-show';
import { formatSeconds } from '../../../lib/format';
import { LISTING_STATUS_COLOR, listingStatusLabel, marketplaceLabel } from './upload-labels';

/** Ledger states whose listing Amazon may hold (the server's rule in `listing-delete.ts`). */
const DELETABLE = new Set<ListingView['status']>(['accepted', 'rejected', 'unknown', 'live', 'suppressed']);

/**
 * A product's ledger as compact tags (`德国 已上架`), one per shop x marketplace, in the
 * pipeline's one vocabulary (未通过检查 for the console's check, 亚马逊拒绝 for Amazon's
 * refusal); `-` when never uploaded.
 */
export function ListingTags({ rows }: { rows: readonly ListingView[] | undefined }) {
  if (!rows?.length) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space size={[2, 2]} wrap>
      {rows.map((r) => (
        <Tooltip
          key={`${r.shop_id}-${r.marketplace}-${r.seller_sku}`}
          title={`${r.shop_name} · ${r.seller_sku}${r.asin ? ` · ${r.asin}` : ''}${r.errors ? ` · ${r.errors}个错误` : ''}`}
        >
          <Tag color={LISTING_STATUS_COLOR[r.status]} style={{ marginInlineEnd: 0 }} data-testid="listing-tag">
            {marketplaceLabel(r.marketplace)} {listingStatusLabel(r.status)}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** The editor's small ledger panel: where the product is listed, in which state, with its last queue. */
export function ListingPanel({ goodsId }: { goodsId: number }) {
  const allowed = useHas()('shop.use');
  const ledger = useListings([goodsId], allowed);
  const { deleteListing } = useUploadMutations();
  const { message } = useFeedback();
  useRefetchOnShow(ledger);
  const rows = ledger.data?.list ?? [];
  const remove = (r: ListingView) =>
    deleteListing.mutate(
      { shop_id: r.shop_id, marketplace: r.marketplace, seller_sku: r.seller_sku },
      { onSuccess: () => void message.success(`已从亚马逊删除 ${r.seller_sku}(${marketplaceLabel(r.marketplace)})`) },
    );
  if (!allowed || rows.length === 0) return null;
  return (
    <Card size="small" title="亚马逊上架状态" style={{ marginBottom: 12 }} data-testid="listing-panel">
      <Table<ListingView>
        size="small"
        pagination={false}
        rowKey={(r) => `${r.shop_id}-${r.marketplace}-${r.seller_sku}`}
        dataSource={rows}
        columns={[
          { title: '店铺', dataIndex: 'shop_name' },
          { title: '站点', dataIndex: 'marketplace', render: marketplaceLabel },
          { title: '卖家SKU', dataIndex: 'seller_sku' },
          {
            title: '状态',
            dataIndex: 'status',
            render: (s: ListingView['status']) => <Tag color={LISTING_STATUS_COLOR[s]}>{listingStatusLabel(s)}</Tag>,
          },
          { title: 'ASIN', dataIndex: 'asin', render: (a: string | null) => a ?? '-' },
          {
            title: '错误',
            dataIndex: 'errors',
            render: (n: number, r) =>
              n && r.last_queue_id ? (
                <Link to={`/goods/amazon/error_feed/${r.last_queue_id}/${r.goods_id}`}>{n}个错误</Link>
              ) : (
                n
              ),
          },
          { title: '更新时间', dataIndex: 'updated_at', render: (t: number) => formatSeconds(t) },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) =>
              DELETABLE.has(r.status) && (
                <Popconfirm
                  title="从亚马逊删除"
                  description={`确定从亚马逊${marketplaceLabel(r.marketplace)}站点删除 ${r.seller_sku} 吗?删除后需重新上传才能再次销售。`}
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => remove(r)}
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    loading={deleteListing.isPending && deleteListing.variables?.seller_sku === r.seller_sku}
                  >
                    删除
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
