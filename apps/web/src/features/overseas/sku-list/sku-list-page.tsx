import { DownloadOutlined } from '@ant-design/icons';
import { formatMoney, minor, unitsToText } from '@console/shared/money';
import type { OverseasSku, SkuListBody } from '@console/shared/schemas/overseas-sku';
import { Button, Checkbox, Image, Input, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { saveBlob } from '../../../api/goods-files';
import { exportSkus, useSkuList, useSkuMutations } from '../../../api/overseas-sku';
import { PageContainer } from '../../../layout/page/page-container';
import { formatSeconds } from '../../../lib/format';
import { SkuImportButton } from './sku-import-button';

const size = (s: OverseasSku) =>
  s.length_mm && s.width_mm && s.height_mm
    ? `${[s.length_mm, s.width_mm, s.height_mm].map((v) => unitsToText(v, 1)).join('×')} cm`
    : '-';

/** SKU列表 (`/overseas/sku/list`): the tenant's SKUs with stock per overseas warehouse; import, export, edit, delete. */
export function SkuListPage() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<SkuListBody & { page: number; pageSize: number }>({ page: 1, pageSize: 20 });
  const list = useSkuList(filters);
  const { remove } = useSkuMutations();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      const f = await exportSkus({ keyword: filters.keyword, has_stock: filters.has_stock });
      if (f.kind === 'file') saveBlob(f.blob, f.fileName);
    } finally {
      setExporting(false);
    }
  };
  return (
    <PageContainer title="SKU列表">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          placeholder="SKU / 名称 / 条码"
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => setFilters({ ...filters, page: 1, keyword: v.trim() || undefined })}
          data-testid="sku-search"
        />
        <Checkbox onChange={(e) => setFilters({ ...filters, page: 1, has_stock: e.target.checked || undefined })}>
          只看有库存
        </Checkbox>
        <Button type="primary" onClick={() => navigate('/overseas/sku/add')}>
          添加SKU
        </Button>
        <SkuImportButton />
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={download} data-testid="sku-export">
          导出
        </Button>
      </Space>
      <Table<OverseasSku>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        data-testid="sku-list"
        scroll={{ x: 1600 }}
        pagination={{
          current: filters.page ?? 1,
          pageSize: filters.pageSize ?? 20,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
        }}
        columns={[
          {
            title: '图片',
            dataIndex: 'pictures',
            width: 70,
            render: (p: string[]) =>
              p[0] ? <Image src={p[0]} width={48} height={48} style={{ objectFit: 'cover' }} /> : '-',
          },
          { title: 'SKU', dataIndex: 'sku', width: 150 },
          {
            title: '名称',
            width: 220,
            render: (_: unknown, s: OverseasSku) => (
              <>
                <div>{s.title}</div>
                {s.name_en && <div style={{ color: '#888' }}>{s.name_en}</div>}
              </>
            ),
          },
          { title: '商品SKU', dataIndex: 'goods_sku', width: 130, render: (v: string) => v || '-' },
          { title: '条码', dataIndex: 'barcode', width: 130, render: (v: string) => v || '-' },
          {
            title: '重量 / 尺寸',
            width: 160,
            render: (_: unknown, s: OverseasSku) => `${s.weight_g ? `${s.weight_g} g` : '-'} / ${size(s)}`,
          },
          {
            title: '申报',
            width: 150,
            render: (_: unknown, s: OverseasSku) => (
              <>
                <div>
                  {s.declared_value_minor === null
                    ? '-'
                    : formatMoney(minor(s.declared_value_minor), s.declared_currency)}
                </div>
                <div>{s.hs_code || '-'}</div>
                {s.battery && <Tag color="orange">带电</Tag>}
              </>
            ),
          },
          {
            title: '各仓库存(在库/可用)',
            width: 200,
            render: (_: unknown, s: OverseasSku) =>
              s.stock.length === 0
                ? '-'
                : s.stock.map((w) => (
                    <div key={w.warehouse_id}>
                      <Tooltip title={w.name}>{w.code}</Tooltip>
                      {`: ${w.on_hand} / ${w.available}`}
                    </div>
                  )),
          },
          {
            title: '合计可用',
            dataIndex: 'available',
            width: 100,
            render: (v: number, s: OverseasSku) =>
              s.reorder_point > 0 && v < s.reorder_point ? <Tag color="red">{`${v} 低于补货点`}</Tag> : v,
          },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: formatSeconds },
          {
            title: '操作',
            width: 140,
            fixed: 'right',
            render: (_: unknown, s: OverseasSku) => (
              <Space>
                <Button size="small" onClick={() => navigate(`/overseas/sku/add?id=${s.id}`)}>
                  编辑
                </Button>
                <Popconfirm title="确定删除该SKU吗?" onConfirm={() => remove.mutate(s.id)}>
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
