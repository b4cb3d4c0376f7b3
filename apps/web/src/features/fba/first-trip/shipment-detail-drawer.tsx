import { countryName } from '@console/shared/constants/marketplaces';
import { minor, moneyFromNumber, moneyToNumber, toDecimalString } from '@console/shared/money';
import {
  FNSKU_LABEL_LAYOUT_NAMES,
  FNSKU_LABEL_LAYOUTS,
  type FnskuLabelLayout,
} from '@console/shared/schemas/fba-labels';
import {
  FBA_SHIPMENT_STATUS_LABELS,
  FBA_SHIPMENT_STEPS,
  type FbaShipmentDetail,
} from '@console/shared/schemas/fba-shipment';
import {
  Alert,
  Button,
  type ButtonProps,
  Descriptions,
  Drawer,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Steps,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import {
  downloadShipmentLabels,
  useFbaShipmentDetail,
  useFbaShipmentMutations,
  WORKING,
} from '../../../api/fba-shipment';
import { STATUS_COLORS } from './first-trip-page';
import { PlacementChoice, TransportChoice } from './shipment-choice';

const STEP_STATUS = { done: 'finish', running: 'process', failed: 'error' } as const;

/** The workflow's steps as antd Steps: each step's state, the failed one red. */
function WorkflowSteps({ d }: { d: FbaShipmentDetail }) {
  return (
    <Steps
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="fba-shipment-steps"
      items={FBA_SHIPMENT_STEPS.map(([key, title]) => ({
        title,
        status: d.steps[key] ? STEP_STATUS[d.steps[key].state] : 'wait',
      }))}
    />
  );
}

/** 发货: carrier, tracking and the first-leg cost (元, converted to fen by the money module). */
function ShipModal(p: { d: FbaShipmentDetail; open: boolean; onClose: () => void }) {
  const { ship } = useFbaShipmentMutations();
  const chosen = [...new Set(p.d.fc_shipments.map((f) => f.carrier ?? '').filter(Boolean))];
  const [carrier, setCarrier] = useState(chosen.join(' / '));
  const [tracking, setTracking] = useState('');
  // The partnered carriers' quotes in CNY (at the choice) are the default cost; the seller may change it.
  const quoted = p.d.transport_cost_minor;
  const [cost, setCost] = useState<number | null>(quoted > 0 ? moneyToNumber(minor(quoted), 'CNY') : null);
  return (
    <Modal
      title="发货"
      open={p.open}
      onCancel={p.onClose}
      okText="确认发货"
      okButtonProps={{
        disabled: !carrier.trim() || !tracking.trim(),
        ...({ 'data-testid': 'fba-ship-ok' } as ButtonProps),
      }}
      confirmLoading={ship.isPending}
      onOk={async () => {
        await ship.mutateAsync({
          id: p.d.id,
          carrier: carrier.trim(),
          tracking_no: tracking.trim(),
          cost_minor: moneyFromNumber(cost ?? 0, 'CNY') ?? 0,
        });
        p.onClose();
      }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert type="info" message={`发货后国内库存扣减 ${p.d.units} 件,头程费用从余额扣除一次`} />
        <Input
          addonBefore="承运商"
          value={carrier}
          data-testid="fba-ship-carrier"
          onChange={(e) => setCarrier(e.target.value)}
        />
        <Input
          addonBefore="跟踪号"
          value={tracking}
          data-testid="fba-ship-tracking"
          onChange={(e) => setTracking(e.target.value)}
        />
        <InputNumber
          addonBefore="头程费用(元)"
          data-testid="fba-ship-cost"
          min={0}
          precision={2}
          style={{ width: '100%' }}
          value={cost}
          onChange={setCost}
        />
      </Space>
    </Modal>
  );
}

/** The detail drawer of a shipment: steps, problems, FC split, items (received beside sent), actions. */
export function ShipmentDetailDrawer(p: { id: number | null; onClose: () => void }) {
  const detail = useFbaShipmentDetail(p.id);
  const { start, sync } = useFbaShipmentMutations();
  const [layout, setLayout] = useState<FnskuLabelLayout>('a4-30');
  const [shipping, setShipping] = useState(false);
  const d = p.id !== null ? detail.data : undefined;
  const planned = d && ['labels_ready', 'shipped', 'receiving', 'closed'].includes(d.status);
  return (
    <Drawer title={d ? `头程发货 ${d.number}` : '头程发货'} open={p.id !== null} size="large" onClose={p.onClose}>
      {d && (
        <>
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="状态">
              <Tag color={STATUS_COLORS[d.status]} data-testid="fba-detail-status">
                {FBA_SHIPMENT_STATUS_LABELS[d.status]}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="店铺 / 站点">{`${d.shop_name} / ${countryName(d.marketplace)}`}</Descriptions.Item>
            <Descriptions.Item label="入库计划">{d.inbound_plan_id || '-'}</Descriptions.Item>
            <Descriptions.Item label="承运商 / 跟踪号">
              {d.tracking_no ? `${d.carrier} ${d.tracking_no}` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="头程费用">
              <span data-testid="fba-detail-cost">
                {d.cost_minor > 0
                  ? `${toDecimalString(minor(d.cost_minor), 'CNY')} 元`
                  : d.transport_cost_minor > 0 && !d.shipped_at
                    ? `预估 ${toDecimalString(minor(d.transport_cost_minor), 'CNY')} 元(合作承运商报价)`
                    : '-'}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="发货 / 已收">{`${d.units} / ${d.units_received}`}</Descriptions.Item>
          </Descriptions>
          <WorkflowSteps d={d} />
          {d.error && (
            <Alert
              type={d.status === 'failed' ? 'error' : 'warning'}
              style={{ marginBottom: 12 }}
              data-testid="fba-detail-error"
              message={d.error}
              description={
                d.problems.length > 0 ? (
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {d.problems.map((x) => (
                      <li key={`${x.code}-${x.message}`}>{`${x.code}: ${x.message}`}</li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          )}
          {d.status === 'placement_choice' && <PlacementChoice key={`p-${d.version}`} d={d} />}
          {d.status === 'transport_choice' && <TransportChoice key={`t-${d.version}`} d={d} />}
          <Space wrap style={{ marginBottom: 16 }}>
            {(d.status === 'draft' || d.status === 'failed') && (
              <Button
                type="primary"
                data-testid="fba-start"
                loading={start.isPending}
                onClick={() => start.mutate(d.id)}
              >
                开始计划
              </Button>
            )}
            {WORKING.has(d.status) && <Tag color="processing">亚马逊处理中,自动刷新</Tag>}
            {d.status === 'labels_ready' && (
              <Button type="primary" data-testid="fba-ship" onClick={() => setShipping(true)}>
                发货
              </Button>
            )}
            {['shipped', 'receiving', 'closed'].includes(d.status) && (
              <Button data-testid="fba-sync" loading={sync.isPending} onClick={() => sync.mutate(d.id)}>
                同步接收
              </Button>
            )}
            <Select
              style={{ width: 200 }}
              value={layout}
              data-testid="fba-label-layout"
              onChange={setLayout}
              options={FNSKU_LABEL_LAYOUTS.map((l) => ({ value: l, label: FNSKU_LABEL_LAYOUT_NAMES[l] }))}
            />
            <Button
              data-testid="fba-print-fnsku"
              disabled={d.items.some((i) => !i.fnsku)}
              onClick={() => downloadShipmentLabels(d.id, 'fnsku', layout)}
            >
              打印FNSKU标签
            </Button>
            <Button
              data-testid="fba-print-carton"
              disabled={!planned}
              onClick={() => downloadShipmentLabels(d.id, 'carton')}
            >
              打印箱标
            </Button>
          </Space>
          <Table
            rowKey="shipment_id"
            size="small"
            pagination={false}
            title={() => '分仓(亚马逊货件)'}
            data-testid="fba-detail-fcs"
            dataSource={d.fc_shipments}
            style={{ marginBottom: 16 }}
            columns={[
              { title: '运营中心', dataIndex: 'fc', width: 90 },
              { title: '货件编号', width: 140, render: (_, f) => f.confirmation_id || f.shipment_id },
              { title: '状态', dataIndex: 'status', width: 120 },
              { title: '运输', dataIndex: 'transport', width: 160 },
              {
                title: '报价',
                width: 100,
                render: (_, f) =>
                  f.quote
                    ? `${toDecimalString(minor(f.quote.amount_minor), f.quote.currency)} ${f.quote.currency}`
                    : '-',
              },
              { title: '商品', render: (_, f) => f.items.map((i) => `${i.msku} × ${i.quantity}`).join(',') },
              { title: '箱数', width: 60, render: (_, f) => f.box_ids.length || '-' },
            ]}
          />
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            title={() => '商品'}
            data-testid="fba-detail-items"
            dataSource={d.items}
            columns={[
              { title: 'SKU', dataIndex: 'sku', width: 140 },
              { title: 'MSKU', dataIndex: 'msku', width: 140 },
              { title: 'FNSKU', width: 120, render: (_, i) => i.fnsku || '-' },
              { title: '发货', dataIndex: 'quantity', width: 70 },
              { title: '亚马逊已收', dataIndex: 'quantity_received', width: 90 },
              {
                title: '差异',
                width: 80,
                render: (_, i) =>
                  d.status === 'closed' && i.quantity_received !== i.quantity ? (
                    <Tag color="red">{i.quantity_received - i.quantity}</Tag>
                  ) : (
                    '-'
                  ),
              },
            ]}
          />
          <ShipModal key={`ship-${d.version}`} d={d} open={shipping} onClose={() => setShipping(false)} />
        </>
      )}
    </Drawer>
  );
}
