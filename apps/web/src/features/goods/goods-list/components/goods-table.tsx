import { AUDIT_STATUSES, type AuditStatus, goodsTypeLabel } from '@console/shared/constants/goods';
import { thumbnailUrl } from '@console/shared/constants/images';
import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import type { GoodsListRow } from '@console/shared/schemas/goods';
import type { ListingView } from '@console/shared/schemas/upload';
import { Button, Dropdown, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { memo, useMemo } from 'react';
import {
  type ColumnChoice,
  type KeyedColumn,
  useColumnChooser,
} from '../../../../components/column-chooser/column-chooser';
import { formatSeconds } from '../../../../lib/format';
import { ListingTags } from '../../amazon-upload/listing-badges';
import { formatMoney } from '../../lib/money';

/** Row actions of the table; the page implements them. */
export interface GoodsRowActions {
  edit: (row: GoodsListRow) => void;
  preview: (row: GoodsListRow) => void;
  copy: (row: GoodsListRow) => void;
  recycle: (row: GoodsListRow) => void;
  restore: (row: GoodsListRow) => void;
  destroy: (row: GoodsListRow) => void;
  downloadImages: (row: GoodsListRow) => void;
}

const STATUS_COLOR: Record<string, string> = { hasAudit: 'green', willAudit: 'gold', useless: 'default' };
/** Prices shown in the list (the full table is in the editor). */
const LIST_PRICES = ['us', 'en', 'de', 'ja'] as const;
/** Price column titles by country name (价格·英国), not the code: the UK's code is `en`. */
const COUNTRY_NAME = new Map(PRICE_COUNTRIES.map((c) => [c.country_code, c.country]));

/**
 * Columns of the list at 1440 px: the ones users need fit without sideways scrolling; other
 * prices are in the column chooser (issue 13 §4).
 */
const CHOICES: Record<string, ColumnChoice> = {
  title: { required: true },
  actions: { required: true },
  price_en: { hiddenByDefault: true },
  price_de: { hiddenByDefault: true },
  price_ja: { hiddenByDefault: true },
};

function buildColumns(
  a: GoodsRowActions,
  recycleBin: boolean,
  listings: ReadonlyMap<number, ListingView[]> | null,
): KeyedColumn<GoodsListRow>[] {
  return [
    {
      title: '图片',
      key: 'thumbnail',
      dataIndex: 'thumbnail',
      width: 72,
      render: (url: string) =>
        url ? (
          <img src={thumbnailUrl(url)} alt="" width={56} height={56} loading="lazy" className="goods-thumb" />
        ) : (
          <div className="goods-thumb goods-thumb-empty">无图</div>
        ),
    },
    {
      title: '标题 / SKU',
      key: 'title',
      dataIndex: 'title',
      render: (title: string, r) => (
        <div className="goods-title-cell">
          <Typography.Link onClick={() => a.edit(r)} ellipsis title={title}>
            {title || '(无标题)'}
          </Typography.Link>
          <div className="goods-sub">
            #{r.id} · {r.sku || '-'}
            {r.tags.length > 0 && ` · ${r.tags.join(', ')}`}
            {r.claimable && (
              <Tag color="purple" className="goods-claim-tag" data-testid="goods-claimable">
                认领中
              </Tag>
            )}
          </div>
        </div>
      ),
    },
    { title: '类型', key: 'type', dataIndex: 'type', width: 72, render: (t: number) => goodsTypeLabel(t) },
    {
      title: '状态',
      key: 'audit_status',
      dataIndex: 'audit_status',
      width: 72,
      render: (s: string) => <Tag color={STATUS_COLOR[s]}>{AUDIT_STATUSES[s as AuditStatus] ?? s}</Tag>,
    },
    ...LIST_PRICES.map((code) => ({
      title: `价格·${COUNTRY_NAME.get(code) ?? code}`,
      key: `price_${code}`,
      width: 105,
      align: 'right' as const,
      render: (_: unknown, r: GoodsListRow) => formatMoney(r.prices[code]?.price, r.prices[code]?.currency ?? ''),
    })),
    // The listing ledger per marketplace (issue 14 §4), for users who may upload.
    ...(listings
      ? [
          {
            title: '亚马逊',
            key: 'listings',
            width: 120,
            render: (_: unknown, r: GoodsListRow) => <ListingTags rows={listings.get(r.id)} />,
          },
        ]
      : []),
    { title: '变体', key: 'variation_count', dataIndex: 'variation_count', width: 60, align: 'right' },
    { title: '创建人', key: 'creator_name', dataIndex: 'creator_name', width: 100, ellipsis: true },
    {
      title: '创建 / 更新',
      key: 'dates',
      width: 160,
      render: (_, r) => (
        <div className="goods-sub">
          <div>{formatSeconds(r.created_at)}</div>
          <div>{formatSeconds(r.updated_at)}</div>
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) =>
        recycleBin ? (
          <Space size={4}>
            <Button size="small" type="link" onClick={() => a.restore(r)}>
              恢复
            </Button>
            <Popconfirm title="彻底删除后不可恢复,确定删除?" onConfirm={() => a.destroy(r)}>
              <Button size="small" type="link" danger>
                彻底删除
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <Space size={4}>
            <Button size="small" type="link" onClick={() => a.edit(r)} data-testid={`goods-edit-${r.id}`}>
              编辑
            </Button>
            <Button size="small" type="link" onClick={() => a.preview(r)}>
              预览
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'copy', label: '复制商品' },
                  { key: 'images', label: '下载图片' },
                  { key: 'recycle', label: '放入回收站', danger: true },
                ],
                onClick: ({ key }) =>
                  key === 'copy' ? a.copy(r) : key === 'images' ? a.downloadImages(r) : a.recycle(r),
              }}
            >
              <Button size="small" type="link">
                更多
              </Button>
            </Dropdown>
          </Space>
        ),
    },
  ];
}

interface Props {
  rows: GoodsListRow[];
  loading: boolean;
  recycleBin: boolean;
  actions: GoodsRowActions;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
  /** The ledger of the shown rows by product id; null: the column is not shown (no `shop.use`). */
  listings: ReadonlyMap<number, ListingView[]> | null;
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
}

/** The product table: light cells only (no per-row heavy components), rowKey id, memoised columns. */
export const GoodsTable = memo(function GoodsTable({
  rows,
  loading,
  recycleBin,
  actions,
  selected,
  onSelect,
  listings,
  pagination,
}: Props) {
  const all = useMemo(() => buildColumns(actions, recycleBin, listings), [actions, recycleBin, listings]);
  const { columns, scrollX, chooser } = useColumnChooser('goods-list', all, CHOICES, { selectionWidth: 32 });
  const selectedKeys = useMemo(() => rows.filter((r) => selected.has(r.id)).map((r) => r.id), [rows, selected]);
  return (
    <>
      <div className="goods-table-tools">{chooser}</div>
      <Table<GoodsListRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        columns={columns}
        // Sideways scrolling only when the chosen columns do not fit the screen.
        scroll={{ x: scrollX }}
        data-testid="goods-table"
        rowSelection={{
          selectedRowKeys: selectedKeys,
          preserveSelectedRowKeys: true,
          onSelect: (r, sel) => onSelect([r.id], sel),
          onSelectAll: (sel) =>
            onSelect(
              rows.map((r) => r.id),
              sel,
            ),
        }}
        pagination={{
          ...pagination,
          pageSizeOptions: [20, 50, 100, 200],
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 条`,
        }}
      />
    </>
  );
});
