import type { InboundDetail } from '@console/shared/schemas/overseas-inbound';
import { type ButtonProps, Checkbox, InputNumber, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useInboundMutations } from '../../../api/overseas-inbound';
import { useFeedback } from '../../../app/ui-bridge';

type Counts = Record<number, { counted: number; damaged: number }>;

/** 收货 (the warehouse): the boxes not yet counted, each line's counted and damaged units (counted defaults to sent). */
export function InboundReceive({ detail, onClose }: { detail: InboundDetail; onClose: () => void }) {
  const { message } = useFeedback();
  const { receive } = useInboundMutations();
  const open = detail.box_list.filter((b) => b.received_at === null);
  const [picked, setPicked] = useState<Set<number>>(() => new Set(open.map((b) => b.id)));
  const [counts, setCounts] = useState<Counts>(() =>
    Object.fromEntries(open.flatMap((b) => b.lines.map((l) => [l.id, { counted: l.quantity_sent, damaged: 0 }]))),
  );
  const set = (id: number, k: 'counted' | 'damaged', v: number | null) =>
    setCounts({ ...counts, [id]: { ...counts[id]!, [k]: v ?? 0 } });
  const submit = async () => {
    const boxes = open
      .filter((b) => picked.has(b.id))
      .map((b) => ({ box_id: b.id, lines: b.lines.map((l) => ({ line_id: l.id, ...counts[l.id]! })) }));
    if (boxes.length === 0) {
      message.error('请选择要收货的箱子');
      return;
    }
    const r = await receive.mutateAsync({ id: detail.id, boxes });
    message.success(
      `收货成功,当前状态:${r.status === 'receiving' ? '收货中' : r.status === 'received' ? '已收货' : '已关闭(有差异)'}`,
    );
    onClose();
  };
  return (
    <Modal
      open
      title={`收货 ${detail.number}`}
      width={720}
      onCancel={onClose}
      onOk={submit}
      okText="确认收货"
      confirmLoading={receive.isPending}
      okButtonProps={{ 'data-testid': 'inbound-receive-ok' } as ButtonProps}
    >
      <Typography.Paragraph type="secondary">
        实收数量包含破损件;破损件入库后以「破损」原因出库,不计入可用库存。
      </Typography.Paragraph>
      {open.map((b) => (
        <div key={b.id} style={{ marginBottom: 12 }} data-testid={`receive-box-${b.box_no}`}>
          <Checkbox
            checked={picked.has(b.id)}
            onChange={(e) => {
              const next = new Set(picked);
              if (e.target.checked) next.add(b.id);
              else next.delete(b.id);
              setPicked(next);
            }}
          >
            第 {b.box_no} 箱
          </Checkbox>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={b.lines}
            columns={[
              { title: 'SKU', dataIndex: 'sku' },
              { title: '发货数量', dataIndex: 'quantity_sent', width: 90 },
              {
                title: '实收数量',
                width: 120,
                render: (_, l) => (
                  <InputNumber
                    min={0}
                    max={100000}
                    precision={0}
                    value={counts[l.id]?.counted}
                    onChange={(v) => set(l.id, 'counted', v)}
                    data-testid={`receive-counted-${b.box_no}-${l.sku}`}
                  />
                ),
              },
              {
                title: '破损数量',
                width: 120,
                render: (_, l) => (
                  <Space>
                    <InputNumber
                      min={0}
                      max={100000}
                      precision={0}
                      value={counts[l.id]?.damaged}
                      onChange={(v) => set(l.id, 'damaged', v)}
                    />
                  </Space>
                ),
              },
            ]}
          />
        </div>
      ))}
    </Modal>
  );
}
