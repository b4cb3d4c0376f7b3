import { COUNT_STATUS_LABELS, type CountLine } from '@console/shared/schemas/overseas-count';
import { Button, Descriptions, InputNumber, Popconfirm, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useCountDetail, useCountMutations } from '../../../api/overseas-count';
import { useFeedback } from '../../../app/ui-bridge';
import { formatSeconds } from '../../../lib/format';

const diffText = (d: number | null) => (d === null ? '—' : d > 0 ? `+${d}` : String(d));

/**
 * One 盘点单: the snapshot (账面 at creation), on hand now (or at post), the counted units and the
 * difference. The operator types counted units while it is open, saves, posts (every
 * difference becomes one movement) or cancels; the tenant reads it.
 */
export function StockCountDetail({ id, operate }: { id: number; operate: boolean }) {
  const detail = useCountDetail(id);
  const { save, post, cancel } = useCountMutations();
  const { message } = useFeedback();
  const [counted, setCounted] = useState<Record<number, number | null>>({});
  const d = detail.data;
  useEffect(() => {
    if (d) setCounted(Object.fromEntries(d.line_list.map((l) => [l.id, l.counted])));
  }, [d]);
  if (!d) return null;
  const editable = operate && d.status === 'open';
  const dirty = d.line_list.some((l) => (counted[l.id] ?? null) !== l.counted);
  const saveLines = () =>
    save.mutateAsync({ id, lines: d.line_list.map((l) => ({ line_id: l.id, counted: counted[l.id] ?? null })) });
  return (
    <div data-testid="count-detail">
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="盘点单">{d.number}</Descriptions.Item>
        <Descriptions.Item label="客户">{d.tenant_name}</Descriptions.Item>
        <Descriptions.Item label="仓库">{d.location_name}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={d.status === 'posted' ? 'green' : d.status === 'open' ? 'blue' : 'default'}>
            {COUNT_STATUS_LABELS[d.status]}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="创建时间">{formatSeconds(d.created_at)}</Descriptions.Item>
        <Descriptions.Item label="过账时间">{d.posted_at ? formatSeconds(d.posted_at) : '—'}</Descriptions.Item>
      </Descriptions>
      <Table<CountLine>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={d.line_list}
        scroll={{ y: 420 }}
        columns={[
          { title: 'SKU', dataIndex: 'sku', width: 160 },
          { title: '名称', dataIndex: 'title' },
          { title: '快照账面', dataIndex: 'expected', width: 90 },
          { title: d.status === 'posted' ? '过账时账面' : '当前账面', dataIndex: 'on_hand', width: 100 },
          {
            title: '实盘',
            width: 120,
            render: (_, l) =>
              editable ? (
                <InputNumber
                  min={0}
                  max={1_000_000}
                  precision={0}
                  size="small"
                  value={counted[l.id] ?? null}
                  data-testid={`count-input-${l.sku}`}
                  onChange={(v) => setCounted({ ...counted, [l.id]: v ?? null })}
                />
              ) : (
                (l.counted ?? '—')
              ),
          },
          {
            title: '差异',
            width: 80,
            render: (_, l) => {
              const c = editable ? (counted[l.id] ?? null) : l.counted;
              const diff = d.status === 'posted' ? l.difference : c === null ? null : c - l.on_hand;
              return <span style={{ color: diff ? '#cf1322' : undefined }}>{diffText(diff)}</span>;
            },
          },
        ]}
      />
      {editable && (
        <Space style={{ marginTop: 12 }}>
          <Button
            loading={save.isPending}
            disabled={!dirty}
            data-testid="count-save"
            onClick={async () => {
              await saveLines();
              message.success('保存成功');
            }}
          >
            保存
          </Button>
          <Popconfirm
            title="过账后差异将写入库存流水,不能撤销。差异按过账时的账面计算。"
            onConfirm={async () => {
              if (dirty) await saveLines();
              await post.mutateAsync(id);
              message.success('盘点已过账');
            }}
          >
            <Button type="primary" loading={post.isPending} data-testid="count-post">
              过账
            </Button>
          </Popconfirm>
          <Popconfirm
            title="取消这张盘点单?"
            onConfirm={async () => {
              await cancel.mutateAsync(id);
              message.success('盘点单已取消');
            }}
          >
            <Button danger loading={cancel.isPending}>
              取消盘点
            </Button>
          </Popconfirm>
        </Space>
      )}
    </div>
  );
}
