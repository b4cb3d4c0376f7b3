import { CARRIER_OPTIONS, OTHER_CARRIER } from '@console/shared/constants/carriers';
import type { ChannelRow } from '@console/shared/schemas/logistics';
import { Button, Drawer, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useManagedChannels } from '../../../api/logistics';
import { useHas } from '../../../components/permission';
import { formatSeconds } from '../../../lib/format';
import { ChannelFormDialog } from './channel-form-dialog';
import { yuanText } from './channel-form-model';

const carrierLabel = (r: ChannelRow) =>
  r.carrier_code === OTHER_CARRIER
    ? r.carrier_name
    : (CARRIER_OPTIONS.find((c) => c.value === r.carrier_code)?.label ?? r.carrier_code);

/** The channels of the caller's book with create and edit (物流渠道). */
function ChannelTable() {
  const q = useManagedChannels();
  const [editing, setEditing] = useState<ChannelRow | 'new' | null>(null);
  const latest = async (id: number) => (await q.refetch()).data?.list.find((c) => c.id === id);
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing('new')}>
          新增渠道
        </Button>
      </Space>
      <Table<ChannelRow>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={false}
        scroll={{ x: 1100 }}
        data-testid="channel-table"
        columns={[
          { title: '渠道名称', dataIndex: 'name', fixed: 'left', width: 140 },
          { title: '承运商', key: 'carrier', width: 120, render: (_: unknown, r) => carrierLabel(r) },
          { title: '服务', dataIndex: 'service', width: 100 },
          { title: '目的国家', dataIndex: 'countries', width: 160, render: (v: string[]) => v.join(', ') },
          {
            title: '首重',
            key: 'first',
            width: 130,
            render: (_: unknown, r) => `${r.first_weight_g} g / ¥${yuanText(r.first_price)}`,
          },
          {
            title: '续重',
            key: 'step',
            width: 130,
            render: (_: unknown, r) => `${r.step_weight_g} g / ¥${yuanText(r.step_price)}`,
          },
          { title: '挂号费', dataIndex: 'registration_fee', width: 80, render: (v: number) => `¥${yuanText(v)}` },
          { title: '体积重系数', dataIndex: 'volumetric_divisor', width: 90, render: (v: number) => v || '不计' },
          {
            title: '带电',
            key: 'battery',
            width: 110,
            render: (_: unknown, r) => (r.battery_allowed ? `接受 +¥${yuanText(r.battery_surcharge)}` : '不接受'),
          },
          { title: '服务费', dataIndex: 'service_fee', width: 80, render: (v: number) => `¥${yuanText(v)}` },
          {
            title: '状态',
            dataIndex: 'enabled',
            width: 70,
            render: (v: boolean) => (v ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
          },
          { title: '更新时间', dataIndex: 'updated_at', width: 160, render: (v: number) => formatSeconds(v) },
          {
            title: '操作',
            key: 'op',
            fixed: 'right',
            width: 70,
            render: (_: unknown, r) => (
              <Button size="small" onClick={() => setEditing(r)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      {editing !== null && (
        <ChannelFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          channel={editing === 'new' ? null : editing}
          latest={latest}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/**
 * 物流渠道: a button that opens the channel configuration in a drawer, shown only to whoever
 * may manage channels (`logistics.channel`: the operator's admins for the platform's channels,
 * a trader using trader express for its own). The specification has no route for it; it sits
 * on the screens where channels are used (运费审核, 消费记录), docs/logistics.md.
 */
export function ChannelDrawerButton() {
  const has = useHas();
  const [open, setOpen] = useState(false);
  if (!has('logistics.channel')) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>物流渠道</Button>
      <Drawer title="物流渠道" open={open} onClose={() => setOpen(false)} size="large" destroyOnHidden>
        <ChannelTable />
      </Drawer>
    </>
  );
}
