import { RATE_TEXT } from '@console/shared/money/exchange';
import { isMinor, moneyFromNumber, moneyToNumber } from '@console/shared/money/money';
import { type PriceInfo, ROUNDING_RULES } from '@console/shared/schemas/price-settings';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Select, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { goodsKeys, usePriceInfo } from '../../../api/goods';
import { post } from '../../../api/http';
import { useFeedback } from '../../../app/ui-bridge';
import { MoneyInput } from '../../../components/money-input';
import { ReadOnlyNotice, useHas } from '../../../components/permission';
import { RatesNote } from './rates-note';

type Row = PriceInfo['price_country'][number];
const roundingOptions = Object.entries(ROUNDING_RULES).map(([value, label]) => ({ value, label }));

/**
 * The body of 采集价格设置: per-country exchange rate, margin, shipping (yuan here, fen on
 * the wire) and rounding, plus the default quantity range. Loaded lazily by the dialog.
 */
export function PriceSettingsTable({ open, onClose }: { open: boolean; onClose: () => void }) {
  const info = usePriceInfo(open);
  const qc = useQueryClient();
  const { message } = useFeedback();
  const [rows, setRows] = useState<Row[]>([]);
  const [range, setRange] = useState<[number, number]>([19, 55]);
  const [busy, setBusy] = useState(false);
  // Saving needs the library setting an admin may withhold per child account (issue 13 §5).
  const editable = useHas()('library.priceSettings');

  useEffect(() => {
    if (open && info.data) {
      setRows(info.data.price_country.map((r) => ({ ...r })));
      setRange(info.data.quantityRange);
    }
  }, [open, info.data]);

  const set = (code: string, patch: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.country_code === code ? { ...r, ...patch } : r)));

  const save = async () => {
    setBusy(true);
    try {
      await post('/amazon-user/savePriceInfo', {
        price_country: rows.map(({ country_code, exchange_rate, margin, shipping, rounding }) => ({
          country_code,
          exchange_rate: exchange_rate.trim(),
          margin,
          shipping,
          rounding,
        })),
        quantityRange: range,
        version: info.data?.version ?? 0,
      });
      message.success('保存成功');
      await qc.invalidateQueries({ queryKey: goodsKeys.priceInfo() });
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="采集价格设置"
      open={open}
      width={800}
      onCancel={onClose}
      onOk={save}
      confirmLoading={busy}
      okText="保存"
      okButtonProps={{ disabled: !editable }}
      destroyOnHidden
    >
      {!editable && <ReadOnlyNotice permission="library.priceSettings" />}
      {info.isLoading ? (
        <Spin />
      ) : (
        <div data-testid="price-settings">
          <Space style={{ marginBottom: 8 }} wrap>
            <Form.Item label="库存范围" style={{ marginBottom: 0 }}>
              <Space.Compact>
                <InputNumber min={0} precision={0} value={range[0]} onChange={(v) => setRange([v ?? 0, range[1]])} />
                <InputNumber min={0} precision={0} value={range[1]} onChange={(v) => setRange([range[0], v ?? 0])} />
              </Space.Compact>
            </Form.Item>
            <Typography.Text type="secondary">汇率为1单位外币兑换的人民币</Typography.Text>
            {info.data && <RatesNote info={info.data} />}
          </Space>
          <Table<Row>
            rowKey="country_code"
            size="small"
            pagination={false}
            dataSource={rows}
            scroll={{ y: 420 }}
            columns={[
              { title: '国家', dataIndex: 'country', width: 90 },
              { title: '币种', dataIndex: 'currency', width: 70 },
              {
                title: '汇率',
                dataIndex: 'exchange_rate',
                render: (v: string, r) => (
                  <Input
                    value={v}
                    status={RATE_TEXT.test(v.trim()) && Number(v) > 0 ? undefined : 'error'}
                    onChange={(e) => set(r.country_code, { exchange_rate: e.target.value })}
                    style={{ width: 110 }}
                  />
                ),
              },
              {
                title: '利润率(%)',
                dataIndex: 'margin',
                render: (v: number, r) => (
                  <InputNumber min={0} max={1000} value={v} onChange={(x) => set(r.country_code, { margin: x ?? 0 })} />
                ),
              },
              {
                title: '运费(元)',
                dataIndex: 'shipping',
                render: (v: number, r) => (
                  <MoneyInput
                    style={{ width: 120 }}
                    value={isMinor(v) ? moneyToNumber(v, 'CNY') : 0}
                    // Text that is no amount stays in red (金额格式不正确) and changes nothing.
                    onChange={(x) => {
                      if (x === null || !Number.isNaN(x))
                        set(r.country_code, { shipping: moneyFromNumber(x, 'CNY') ?? 0 });
                    }}
                  />
                ),
              },
              {
                title: '取整',
                dataIndex: 'rounding',
                width: 170,
                render: (v: string, r) => (
                  <Select
                    value={v}
                    options={roundingOptions}
                    style={{ width: 160 }}
                    onChange={(x) => set(r.country_code, { rounding: x as Row['rounding'] })}
                  />
                ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
