import { countryName } from '@console/shared/constants/marketplaces';
import { OFFER_STATUS_LABELS } from '@console/shared/schemas/follow';
import { isStaleSave } from '@console/shared/schemas/stale-save';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { type FollowOffer, followKeys, type OfferFilters, useFollowMutations, useOffers } from '../../../api/follow';
import { useJobProgress } from '../../../api/jobs';
import { useFeedback } from '../../../app/ui-bridge';
import { serverPagination } from '../../../components/list-parts';
import { PageContainer } from '../../../layout/page/page-container';
import { TitleCell } from '../follow-image';
import { money } from '../follow-money';
import { OfferEditDialog } from './components/offer-edit-dialog';

/** Width of the follow list's table (the sum of its columns and the selection box), for `scroll.x`. */
const OFFER_TABLE_WIDTH = 120 + 240 + 130 + 80 + 110 + 110 + 130 + 80 + 70 + 70 + 130 + 80 + 200 + 40;

/**
 * 跟卖商品 (`/follow/index`, `/goods/follow-sale/list`): our follow offers with our price, the
 * Buy Box price and owner, whether we hold it, seller count and stock; change price or stock,
 * pause, stop following, repricing, and a Buy Box check.
 */
export function FollowOffersPage() {
  const { message } = useFeedback();
  const [filters, setFilters] = useState<OfferFilters>({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<FollowOffer | null>(null);
  const [checkJob, setCheckJob] = useState<string | null>(null);
  const job = useJobProgress(checkJob);
  const checking = job.data !== undefined && job.data.status !== 'done' && job.data.status !== 'failed';
  const list = useOffers('offer', filters, checking ? 1000 : false);
  const qc = useQueryClient();
  const finished = job.data?.status === 'done' || job.data?.status === 'failed';
  // The last poll while checking may predate the end: read the list once more when the job ends.
  useEffect(() => {
    if (finished) void qc.invalidateQueries({ queryKey: followKeys.all });
  }, [finished, qc]);
  const mut = useFollowMutations();
  const act = async (p: Promise<unknown>, ok: string) => {
    try {
      await p;
      message.success(ok);
    } catch (err) {
      if (isStaleSave(err)) message.warning('数据已被他人修改,已刷新,请重试');
    }
  };
  const columns: ColumnsType<FollowOffer> = [
    { title: 'ASIN', dataIndex: 'asin', width: 120 },
    {
      title: '标题',
      dataIndex: 'title',
      width: 240,
      ellipsis: { showTitle: false },
      render: (v: string) => <TitleCell title={v} />,
    },
    { title: '店铺', dataIndex: 'shop_name', width: 130, ellipsis: true },
    { title: '站点', dataIndex: 'marketplace', width: 80, render: (m: string) => countryName(m) },
    { title: '我的价格', width: 110, render: (_, r) => money(r.price, r.currency) },
    { title: '购物车价格', width: 110, render: (_, r) => money(r.buybox_price, r.currency) },
    { title: '购物车卖家', dataIndex: 'buybox_seller', width: 130, ellipsis: true },
    {
      title: '购物车',
      width: 80,
      render: (_, r) =>
        r.checked_at === null ? '-' : r.holds_buybox ? <Tag color="green">已获得</Tag> : <Tag>未获得</Tag>,
    },
    { title: '卖家数', width: 70, render: (_, r) => r.seller_count ?? '-' },
    { title: '库存', dataIndex: 'quantity', width: 70 },
    {
      title: '调价',
      width: 130,
      render: (_, r) =>
        r.reprice_enabled ? `${money(r.reprice_min, r.currency)} ~ ${money(r.reprice_max, r.currency)}` : '关闭',
    },
    { title: '状态', width: 80, fixed: 'right', render: (_, r) => OFFER_STATUS_LABELS[r.status] },
    {
      title: '操作',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            修改
          </Button>
          {r.status === 'active' ? (
            <Button
              type="link"
              size="small"
              onClick={() => act(mut.update.mutateAsync({ id: r.id, version: r.version, quantity: 0 }), '已暂停')}
            >
              暂停
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              恢复
            </Button>
          )}
          <Popconfirm
            title={`确定停止跟卖「${r.asin}」吗?将删除亚马逊上的报价`}
            onConfirm={() => act(mut.stop.mutateAsync({ id: r.id, version: r.version }), '已停止跟卖')}
          >
            <Button type="link" size="small" danger>
              停止跟卖
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <PageContainer title="跟卖商品">
      <Space style={{ marginBottom: 12 }}>
        <Button
          disabled={selected.length === 0}
          loading={checking}
          onClick={async () => setCheckJob((await mut.check.mutateAsync({ ids: selected })).job_id)}
        >
          刷新购物车
        </Button>
        {job.data?.status === 'done' && <span>购物车已刷新</span>}
      </Space>
      <Table
        data-testid="follow-offer-table"
        rowKey="id"
        size="small"
        scroll={{ x: OFFER_TABLE_WIDTH }}
        columns={columns}
        dataSource={list.data?.list ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
        pagination={serverPagination(filters, list.data?.total ?? 0, setFilters)}
      />
      <OfferEditDialog offer={editing} onClose={() => setEditing(null)} />
    </PageContainer>
  );
}
