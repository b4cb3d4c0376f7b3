import { thumbnailUrl } from '@console/shared/constants/images';
import { priceCountryCurrency } from '@console/shared/constants/marketplaces';
import type { QueueGoodsRow } from '@console/shared/schemas/upload';
import { Alert, Button, Input, InputNumber, Result, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { queueUnfinished, useQueueGoods, useUploadMutations } from '../../../api/upload';
import { useFeedback } from '../../../app/ui-bridge';
import { PageContainer } from '../../../layout/page/page-container';
import { useTabDirtyGuard } from '../../../layout/tabs/use-tab-dirty-guard';
import {
  ITEM_STATUS_COLOR,
  itemStatusLabel,
  marketplaceLabel,
  queueStateText,
  uploadTypeLabel,
} from '../amazon-upload/upload-labels';
import { uploadResultText } from '../amazon-upload/upload-model';
import { type GoodsEdit, resubmitGoods, sentPrice, sentQuantity } from './edit-queue-model';

type Listing = QueueGoodsRow['listings'][number];

/**
 * 编辑上传队列 (`/goods/amazon/edit/:queue_id`, issue 14 §4): the queue's products with what
 * was sent per marketplace; titles (per language), prices (per country) and quantity are fixed
 * in place, and 重新提交 saves them into the products and sends the products' items again.
 */
export function EditQueuePage() {
  const queueId = Number(useParams().queue_id);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const data = useQueueGoods(queueId, paging.page, paging.pageSize);
  const [edits, setEdits] = useState<ReadonlyMap<number, GoodsEdit>>(new Map());
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState('');
  const { resubmit } = useUploadMutations();
  const { message } = useFeedback();
  const navigate = useNavigate();
  useTabDirtyGuard(
    () => edits.size > 0,
    () => `编辑上传队列 #${queueId}`,
  );

  const edit = useCallback((goodsId: number, patch: (e: GoodsEdit) => GoodsEdit) => {
    setEdits((old) => new Map(old).set(goodsId, patch(old.get(goodsId) ?? {})));
  }, []);

  const rows = data.data?.list ?? [];
  const queue = data.data?.queue;
  const running = queueUnfinished(queue);
  const submit = async () => {
    const r = resubmitGoods(rows, edits, new Set(chosen));
    if ('error' in r) return setError(r.error);
    setError('');
    const answer = await resubmit.mutateAsync({ queue_id: queueId, goods: r.goods });
    message.success(uploadResultText(answer));
    setEdits(new Map());
    setChosen([]);
  };

  const columns = useMemo(
    () => [
      {
        title: '商品',
        key: 'goods',
        width: 220,
        render: (_: unknown, r: QueueGoodsRow) => (
          <Space>
            {r.thumbnail && <img src={thumbnailUrl(r.thumbnail)} alt="" width={48} height={48} />}
            <div>
              <Link to={`/goods/admin/update/${r.goods_id}`}>#{r.goods_id}</Link>
              <div>{r.goods_sku}</div>
            </div>
          </Space>
        ),
      },
      {
        title: '库存',
        key: 'quantity',
        width: 110,
        render: (_: unknown, r: QueueGoodsRow) => (
          <InputNumber
            min={0}
            precision={0}
            style={{ width: 96 }}
            value={edits.get(r.goods_id)?.quantity ?? sentQuantity(r)}
            onChange={(v) => edit(r.goods_id, (e) => ({ ...e, quantity: v }))}
            data-testid={`edit-qty-${r.goods_id}`}
          />
        ),
      },
      {
        title: '各站点发送的内容',
        key: 'listings',
        render: (_: unknown, r: QueueGoodsRow) => (
          <ListingsEditor row={r} edit={edits.get(r.goods_id)} queueId={queueId} onEdit={edit} />
        ),
      },
    ],
    [edits, edit, queueId],
  );

  if (data.isError) return <Result status="404" title="队列不存在或无权访问" />;
  return (
    <PageContainer
      title={`编辑上传队列 #${queueId}`}
      extra={
        <Space>
          <Button onClick={() => navigate('/goods/amazon/queue')}>上传记录</Button>
          <Button
            type="primary"
            disabled={running || (edits.size === 0 && chosen.length === 0)}
            loading={resubmit.isPending}
            onClick={submit}
            data-testid="edit-resubmit"
          >
            重新提交
          </Button>
        </Space>
      }
    >
      {queue && (
        <Space style={{ marginBottom: 12 }} wrap>
          <span>店铺: {queue.shop_name}</span>
          <span>站点: {queue.marketplaces.map(marketplaceLabel).join(' ')}</span>
          <span>类型: {uploadTypeLabel(queue.upload_type)}</span>
          <Tag color={queueStateText(queue).color} data-testid="edit-queue-state">
            {queueStateText(queue).text}
          </Tag>
          <Typography.Text type="secondary">修改的内容保存到商品,并重新上传勾选或修改过的商品</Typography.Text>
        </Space>
      )}
      {running && <Alert type="info" showIcon message="队列上传中,完成后才能重新提交" style={{ marginBottom: 12 }} />}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="edit-error" />}
      <Table<QueueGoodsRow>
        rowKey="goods_id"
        size="small"
        loading={data.isFetching && !data.data}
        dataSource={rows}
        columns={columns}
        data-testid="edit-queue-table"
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]) }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 个商品`,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
      />
    </PageContainer>
  );
}

/** One product's listings: a row per marketplace with its title (per language) and price (per country) editable. */
function ListingsEditor({
  row,
  edit,
  queueId,
  onEdit,
}: {
  row: QueueGoodsRow;
  edit: GoodsEdit | undefined;
  queueId: number;
  onEdit: (goodsId: number, patch: (e: GoodsEdit) => GoodsEdit) => void;
}) {
  return (
    <table className="edit-queue-listings" style={{ width: '100%' }}>
      <tbody>
        {row.listings.map((l: Listing) => (
          <tr key={l.marketplace} data-testid={`edit-row-${row.goods_id}-${l.marketplace}`}>
            <td style={{ width: 90 }}>{marketplaceLabel(l.marketplace)}</td>
            <td>
              <Input
                size="small"
                value={edit?.titles?.[l.lang] ?? l.title}
                placeholder={`标题(${l.lang})`}
                onChange={(e) =>
                  onEdit(row.goods_id, (x) => ({ ...x, titles: { ...x.titles, [l.lang]: e.target.value } }))
                }
                data-testid={`edit-title-${row.goods_id}-${l.marketplace}`}
              />
            </td>
            <td style={{ width: 130 }}>
              {/* No price is what the product holds for the country: typed here, it is saved and sent. */}
              <Input
                size="small"
                inputMode="decimal"
                placeholder={l.price === null ? '未设置价格' : undefined}
                suffix={l.currency || priceCountryCurrency(l.marketplace)}
                value={edit?.prices?.[l.marketplace] ?? sentPrice(row, l.marketplace)}
                onChange={(e) =>
                  onEdit(row.goods_id, (x) => ({ ...x, prices: { ...x.prices, [l.marketplace]: e.target.value } }))
                }
                data-testid={`edit-price-${row.goods_id}-${l.marketplace}`}
              />
            </td>
            <td style={{ width: 100 }}>
              <Tag color={ITEM_STATUS_COLOR[l.status]}>{itemStatusLabel(l.status)}</Tag>
            </td>
            <td style={{ width: 90 }}>
              {l.errors ? (
                <Link to={`/goods/amazon/error_feed/${queueId}/${row.goods_id}`}>{l.errors}个错误</Link>
              ) : (
                '-'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
