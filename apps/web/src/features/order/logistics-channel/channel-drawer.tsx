import { carrierLabel as codeLabel, OTHER_CARRIER } from '@console/shared/constants/carriers';
import type { ChannelRow } from '@console/shared/schemas/logistics';
import { Alert, Button, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useManagedChannels } from '../../../api/logistics';
import { useHas } from '../../../components/permission';
import { formatSeconds } from '../../../lib/format';
import { ChannelFormDialog } from './channel-form-dialog';
import { yuanText } from './channel-form-model';

const carrierLabel = (r: ChannelRow) => (r.carrier_code === OTHER_CARRIER ? r.carrier_name : codeLabel(r.carrier_code));

/** What a channel is and how to add one, when the book has none (issue 29 §2). */
function EmptyGuide({ onAdd }: { onAdd: () => void }) {
  return (
    <div data-testid="channel-empty-guide" style={{ padding: '24px 8px' }}>
      <Typography.Title level={5}>还没有物流渠道</Typography.Title>
      <Typography.Paragraph>
        物流渠道是包裹发出所走的一条线路:一个承运商(如云途、燕文、中国邮政)的一项服务,连同它送达的国家和运费价格(首重、续重、挂号费、带电附加费、服务费)。
        卖家在「运费审核」提交包裹时选择渠道,系统按渠道价格计算运费、创建运单、打印面单,没有渠道就无法发货。
      </Typography.Paragraph>
      <Typography.Paragraph>
        添加方法:点击「新增渠道」,选择承运商和服务,填写目的国家和与物流商约定的价格(单位:元),下方「试算」可以先看一个包裹的运费,保存后卖家即可使用。
      </Typography.Paragraph>
      <Button type="primary" onClick={onAdd}>
        新增渠道
      </Button>
    </div>
  );
}

/** The channels of the caller's book with create and edit (物流渠道). */
export function ChannelTable() {
  const q = useManagedChannels();
  const [editing, setEditing] = useState<ChannelRow | 'new' | null>(null);
  const latest = async (id: number) => (await q.refetch()).data?.list.find((c) => c.id === id);
  const list = q.data?.list ?? [];
  const dialog = editing !== null && (
    <ChannelFormDialog
      key={editing === 'new' ? 'new' : editing.id}
      open
      channel={editing === 'new' ? null : editing}
      latest={latest}
      onClose={() => setEditing(null)}
    />
  );
  if (q.isSuccess && list.length === 0)
    return (
      <>
        <EmptyGuide onAdd={() => setEditing('new')} />
        {dialog}
      </>
    );
  return (
    <>
      {list.some((c) => c.is_sample) && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="channel-sample-note"
          title="标有「示例」的渠道是新安装自带的沙箱物流商渠道,价格仅为示例:请按与物流商的合同价「编辑」后使用(保存后不再标为示例),或停用。"
        />
      )}
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing('new')}>
          新增渠道
        </Button>
      </Space>
      <Table<ChannelRow>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={list}
        pagination={false}
        scroll={{ x: 1100 }}
        data-testid="channel-table"
        columns={[
          {
            title: '渠道名称',
            dataIndex: 'name',
            fixed: 'left',
            width: 180,
            render: (v: string, r) => (
              <Space size={4} wrap>
                {v}
                {r.is_sample && (
                  <Tag color="gold" data-testid="channel-sample-tag">
                    示例
                  </Tag>
                )}
              </Space>
            ),
          },
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
      {dialog}
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
