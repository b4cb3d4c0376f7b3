import { formatMoney, minor } from '@console/shared/money';
import type { GoodsListRow } from '@console/shared/schemas/goods';
import { SITE_GOODS_LIMITS, SITE_ROUNDING, type SiteRounding } from '@console/shared/schemas/site-goods';
import { Image, Input, Modal, Radio, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { type GoodsListFilters, useGoodsList } from '../../../api/goods';
import { useFeedback } from '../../../app/ui-bridge';
import { importSiteGoods } from './site-goods-api';

const ROUNDING_OPTIONS = Object.entries(SITE_ROUNDING).map(([value, label]) => ({ value, label }));
const MAX = SITE_GOODS_LIMITS.importBatch;

/** The first price of a library row, for the picker ("19.99 EUR"). */
function firstPrice(r: GoodsListRow): string {
  const p = Object.values(r.prices).find((x) => x.price > 0);
  return p ? formatMoney(minor(p.price), p.currency) : '-';
}

/**
 * 从商品库导入: pick library products (the library's own list, searched by title or SKU) and a
 * rounding rule; the server converts prices into the site currency and skips products already
 * on the site.
 */
export function ImportDialog(p: { open: boolean; onClose: () => void; onDone: () => unknown }) {
  const { message, modal } = useFeedback();
  const [filters, setFilters] = useState<GoodsListFilters>({ page: 1, pageSize: 10, is_delete: 0 });
  const [selected, setSelected] = useState<number[]>([]);
  const [rounding, setRounding] = useState<SiteRounding>('up99');
  const [busy, setBusy] = useState(false);
  const list = useGoodsList(filters);

  const submit = async () => {
    if (!selected.length) {
      message.warning('请选择商品库商品');
      return;
    }
    setBusy(true);
    try {
      const r = await importSiteGoods(selected, rounding);
      message.success(`已导入 ${r.created.length} 个商品`);
      const lines = [
        ...r.skipped.map((s) => `「${s.title}」${s.reason}`),
        ...r.created.flatMap((c) => c.notes.map((n) => `「${c.title}」${n}`)),
      ];
      if (lines.length) modal.info({ title: '导入结果', content: <ResultLines lines={lines} />, width: 560 });
      setSelected([]);
      p.onClose();
      await p.onDone();
    } catch {
      // The request has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="从商品库导入"
      open={p.open}
      onCancel={p.onClose}
      onOk={submit}
      okText={`导入${selected.length ? ` ${selected.length} 个` : ''}`}
      confirmLoading={busy}
      width={820}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          placeholder="标题、SKU、ASIN"
          onSearch={(keyword) => setFilters({ ...filters, keyword: keyword.trim(), page: 1 })}
          data-testid="import-keyword"
        />
        <Table<GoodsListRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => {
              if (keys.length > MAX) message.warning(`一次最多导入${MAX}个商品`);
              setSelected((keys as number[]).slice(0, MAX));
            },
          }}
          pagination={{
            current: filters.page,
            pageSize: filters.pageSize,
            total: list.data?.total ?? 0,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (page, pageSize) => setFilters({ ...filters, page, pageSize }),
          }}
          columns={[
            {
              title: '图片',
              dataIndex: 'thumbnail',
              width: 64,
              render: (v: string) => (v ? <Image src={v} width={40} height={40} preview={false} /> : '-'),
            },
            { title: '标题', dataIndex: 'title', ellipsis: true },
            { title: 'SKU', dataIndex: 'sku', width: 140 },
            { title: '价格', key: 'price', width: 120, render: (_: unknown, r) => firstPrice(r) },
            { title: '变体', dataIndex: 'variation_count', width: 60 },
          ]}
          data-testid="import-table"
        />
        <Space>
          <Typography.Text>价格取整:</Typography.Text>
          <Radio.Group value={rounding} options={ROUNDING_OPTIONS} onChange={(e) => setRounding(e.target.value)} />
        </Space>
        <Typography.Text type="secondary">
          价格取商品库中与站点币种相同国家的价格;没有时按价格设置中的汇率换算并取整。已在站点中的商品会跳过。
        </Typography.Text>
      </Space>
    </Modal>
  );
}

function ResultLines({ lines }: { lines: string[] }) {
  return (
    <div style={{ maxHeight: 320, overflow: 'auto' }}>
      {lines.map((l) => (
        <div key={l}>{l}</div>
      ))}
    </div>
  );
}
