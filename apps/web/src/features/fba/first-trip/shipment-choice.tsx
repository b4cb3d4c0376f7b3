import { minor, toDecimalString } from '@console/shared/money';
import type { FbaShipmentDetail } from '@console/shared/schemas/fba-shipment';
import { Alert, Button, Card, Input, Radio, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useFbaShipmentMutations } from '../../../api/fba-shipment';
import { useFeedback } from '../../../app/ui-bridge';
import { formatSeconds } from '../../../lib/format';

type Money = { amount_minor: number; currency: string };
type Placement = FbaShipmentDetail['placement_options'][number];
type Transport = FbaShipmentDetail['transport_options'][number];

const money = (m: Money) => `${toDecimalString(minor(m.amount_minor), m.currency)} ${m.currency}`;
const expired = (s: number | undefined) => !!s && s * 1000 <= Date.now();

/** 重新生成方案: asks Amazon for new options (e.g. when they expired). */
function Regenerate({ d }: { d: FbaShipmentDetail }) {
  const { start } = useFbaShipmentMutations();
  return (
    <Button data-testid="fba-choice-regenerate" loading={start.isPending} onClick={() => start.mutate(d.id)}>
      重新生成方案
    </Button>
  );
}

/** 待选择分仓: every placement option (centres, units, fees, discounts, expiry); one is confirmed. */
export function PlacementChoice({ d }: { d: FbaShipmentDetail }) {
  const { modal } = useFeedback();
  const { confirmPlacement } = useFbaShipmentMutations();
  const options = d.placement_options;
  const best = options.reduce<Placement | undefined>(
    (b, o) => (!b || o.total.amount_minor < b.total.amount_minor ? o : b),
    undefined,
  );
  const [chosen, setChosen] = useState<string>();
  const option = options.find((o) => o.placement_option_id === chosen);
  const ask = () =>
    option &&
    modal.confirm({
      title: '确认分仓方案',
      content: `将按该方案发往 ${option.shipments.map((s) => s.fc).join('、')}(${option.shipments.length} 个货件)${
        option.total.amount_minor > 0 ? `,亚马逊收取分仓费用 ${money(option.total)}` : ',无分仓费用'
      }。确认后不能更改分仓方案。`,
      okText: '确认分仓',
      onOk: () => confirmPlacement.mutateAsync({ id: d.id, placement_option_id: option.placement_option_id }),
    });
  return (
    <Card size="small" title="选择分仓方案" style={{ marginBottom: 16 }} data-testid="fba-placement-choice">
      <Alert
        type="info"
        style={{ marginBottom: 8 }}
        message="亚马逊给出了以下分仓方案:货件数越少,分仓费用通常越高。请选择一个方案并确认。"
      />
      <Table
        rowKey="placement_option_id"
        size="small"
        pagination={false}
        dataSource={options}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen ? [chosen] : [],
          onChange: (keys) => setChosen(String(keys[0])),
          getCheckboxProps: (o) => ({ disabled: o.status !== 'OFFERED' || expired(o.expires_at) }),
        }}
        onRow={(o) => ({ onClick: () => o.status === 'OFFERED' && setChosen(o.placement_option_id) })}
        columns={[
          {
            title: '方案',
            width: 90,
            render: (_, o, n) => (
              <Space size={4}>
                {`方案${n + 1}`}
                {o === best && <Tag color="green">推荐</Tag>}
              </Space>
            ),
          },
          {
            title: '货件 / 运营中心',
            render: (_, o) =>
              o.shipments.map((s) => (
                <div key={s.shipment_id}>{`${s.fc}:${s.items.map((i) => `${i.msku} × ${i.quantity}`).join(',')}`}</div>
              )),
          },
          {
            title: '费用',
            width: 200,
            render: (_, o) =>
              [...o.fees, ...o.discounts].length === 0
                ? '无'
                : [...o.fees.map((f) => ({ ...f, sign: '' })), ...o.discounts.map((f) => ({ ...f, sign: '-' }))].map(
                    (f) => (
                      <div key={`${f.type}-${f.description}`}>{`${f.description}:${f.sign}${money(f.money)}`}</div>
                    ),
                  ),
          },
          {
            title: '合计',
            width: 110,
            render: (_, o) => (o.total.amount_minor > 0 ? money(o.total) : '免费'),
          },
          {
            title: '有效期至',
            width: 150,
            render: (_, o) =>
              expired(o.expires_at) ? <Tag color="red">已过期</Tag> : o.expires_at ? formatSeconds(o.expires_at) : '-',
          },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        <Button type="primary" disabled={!option} data-testid="fba-placement-confirm" onClick={ask}>
          确认分仓方案
        </Button>
        <Regenerate d={d} />
      </Space>
    </Card>
  );
}

const optionLabel = (o: Transport) =>
  o.shipping_solution === 'AMAZON_PARTNERED_CARRIER'
    ? `亚马逊合作承运商 ${o.carrier} · ${o.shipping_mode}${o.quote ? ` · 报价 ${money(o.quote)}` : ''}`
    : `自有承运商 · ${o.shipping_mode}`;

/** 待选择承运: per Amazon shipment the partnered carrier (with its quote) or the seller's own carrier. */
export function TransportChoice({ d }: { d: FbaShipmentDetail }) {
  const { modal } = useFeedback();
  const { confirmTransport } = useFbaShipmentMutations();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [names, setNames] = useState<Record<string, string>>({});
  const optionOf = (shipmentId: string) =>
    d.transport_options.find((o) => o.transportation_option_id === chosen[shipmentId]);
  const complete = d.fc_shipments.every((s) => {
    const o = optionOf(s.shipment_id);
    return o && (o.shipping_solution === 'AMAZON_PARTNERED_CARRIER' || (names[s.shipment_id] ?? '').trim());
  });
  const quotes = d.fc_shipments
    .map((s) => optionOf(s.shipment_id)?.quote)
    .filter((q): q is Transport['quote'] & Money => !!q);
  const ask = () =>
    modal.confirm({
      title: '确认运输方案',
      content: `确认后亚马逊生成货件编号和箱标,运输方案不能更改。${
        quotes.length
          ? `亚马逊合作承运商报价 ${quotes.map(money).join(' + ')},发货时按汇率折算为人民币作为头程费用从余额扣除一次。`
          : ''
      }`,
      okText: '确认运输方案',
      onOk: () =>
        confirmTransport.mutateAsync({
          id: d.id,
          selections: d.fc_shipments.map((s) => ({
            shipment_id: s.shipment_id,
            transportation_option_id: chosen[s.shipment_id]!,
            carrier_name: (names[s.shipment_id] ?? '').trim(),
          })),
        }),
    });
  return (
    <Card size="small" title="选择运输方案" style={{ marginBottom: 16 }} data-testid="fba-transport-choice">
      {d.fc_shipments.map((s) => (
        <div key={s.shipment_id} style={{ marginBottom: 12 }} data-testid={`fba-transport-${s.fc}`}>
          <Typography.Text strong>{`货件 ${s.shipment_id} → ${s.fc}`}</Typography.Text>
          <Radio.Group
            style={{ display: 'block', marginTop: 4 }}
            value={chosen[s.shipment_id]}
            onChange={(e) => setChosen({ ...chosen, [s.shipment_id]: e.target.value })}
          >
            <Space direction="vertical">
              {d.transport_options
                .filter((o) => o.shipment_id === s.shipment_id)
                .map((o) => (
                  <Radio
                    key={o.transportation_option_id}
                    value={o.transportation_option_id}
                    disabled={expired(o.quote?.expires_at)}
                    data-testid={`fba-transport-option-${o.shipping_solution === 'AMAZON_PARTNERED_CARRIER' ? 'partnered' : 'own'}`}
                  >
                    {optionLabel(o)}
                  </Radio>
                ))}
            </Space>
          </Radio.Group>
          {optionOf(s.shipment_id)?.shipping_solution === 'USE_YOUR_OWN_CARRIER' && (
            <Input
              style={{ width: 260, marginTop: 4 }}
              addonBefore="承运商名称"
              value={names[s.shipment_id] ?? ''}
              maxLength={64}
              onChange={(e) => setNames({ ...names, [s.shipment_id]: e.target.value })}
            />
          )}
        </div>
      ))}
      <Space>
        <Button type="primary" disabled={!complete} data-testid="fba-transport-confirm" onClick={ask}>
          确认运输方案
        </Button>
        <Regenerate d={d} />
      </Space>
    </Card>
  );
}
