import type { FbaStockItem } from '@console/shared/schemas/fba-stock';
import { Table } from 'antd';
import { useFbaStockItems } from '../../../api/fba-stock';
import { formatSeconds } from '../../../lib/format';

/**
 * Amazon's breakdown of one SKU in one marketplace (an expanded FBA row of 库存列表): 在库 follows
 * 可售 + 预留 + 不可售; 入库中 (working/shipped/receiving) and 调查中 are shown, not counted.
 */
export function FbaBreakdown({ stockId, marketplaceId }: { stockId: number; marketplaceId: string }) {
  const items = useFbaStockItems([stockId]);
  const rows = (items.data?.list ?? []).filter((i) => i.marketplace_id === marketplaceId);
  return (
    <Table<FbaStockItem>
      size="small"
      rowKey={(r) => `${r.shop_id}-${r.msku}`}
      loading={items.isFetching}
      dataSource={rows}
      pagination={false}
      data-testid="fba-breakdown"
      locale={{ emptyText: '尚未从亚马逊同步' }}
      columns={[
        { title: '店铺', dataIndex: 'shop_name' },
        { title: 'MSKU', dataIndex: 'msku' },
        { title: 'FNSKU', dataIndex: 'fnsku' },
        { title: '可售', dataIndex: 'fulfillable' },
        { title: '预留', dataIndex: 'reserved' },
        { title: '不可售', dataIndex: 'unfulfillable' },
        { title: '在库合计', dataIndex: 'on_hand' },
        { title: '计划入库', dataIndex: 'inbound_working' },
        { title: '在途', dataIndex: 'inbound_shipped' },
        { title: '接收中', dataIndex: 'inbound_receiving' },
        { title: '调查中', dataIndex: 'researching' },
        { title: '同步时间', dataIndex: 'synced_at', render: formatSeconds },
      ]}
    />
  );
}
