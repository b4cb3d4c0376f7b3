import { computePrice, PRICE_COUNTRIES, type PriceInfo } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Space, Switch, Table, Typography } from 'antd';
import { memo, useState } from 'react';
import { goodsKeys } from '../../../../api/goods';
import { get } from '../../../../api/http';
import { useFeedback } from '../../../../app/ui-bridge';
import { countryDigits, majorToMinor, minorToMajor } from '../../lib/money';
import { useEditor, useEditorStore } from '../editor-store';

type Country = (typeof PRICE_COUNTRIES)[number];

const PriceInput = memo(function PriceInput({ code }: { code: string }) {
  const value = useEditor((s) => s.draft.prices[code] ?? '');
  const store = useEditorStore();
  const bad = Number.isNaN(majorToMinor(value, countryDigits(code)));
  return (
    <Input
      value={value}
      status={bad ? 'error' : undefined}
      inputMode="decimal"
      style={{ width: 160 }}
      onChange={(e) => store.getState().setPrices({ [code]: e.target.value })}
      data-testid={`price-${code}`}
    />
  );
});

function settingOf(info: PriceInfo, code: string) {
  return info.price_country.find((c) => c.country_code === code);
}

/** Prices pane: the 15-country table in major units (minor units on save) and "按价格设置计算". */
export const PriceTable = memo(function PriceTable() {
  const store = useEditorStore();
  const qc = useQueryClient();
  const { message } = useFeedback();
  const detail = useEditor((s) => s.switches.priceInfo);
  const [info, setInfo] = useState<PriceInfo | null>(null);
  const [busy, setBusy] = useState(false);

  const compute = async () => {
    setBusy(true);
    try {
      const data = await qc.fetchQuery({
        queryKey: goodsKeys.priceInfo(),
        queryFn: () => get<PriceInfo>('/amazon-user/priceInfoData'),
      });
      setInfo(data);
      const cost = store.getState().draft.baseInfo.cost_price ?? 0;
      const prices: Record<string, string> = {};
      for (const c of PRICE_COUNTRIES) {
        const s = settingOf(data, c.country_code);
        if (s) prices[c.country_code] = minorToMajor(computePrice(cost, s), countryDigits(c.country_code));
      }
      store.getState().setPrices(prices);
      message.success(`已按价格设置计算(成本价 ${minorToMajor(cost, 2)} 元)`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" ghost loading={busy} onClick={compute} data-testid="price-compute">
          按价格设置计算
        </Button>
        <span>显示计算参数</span>
        <Switch size="small" checked={detail} onChange={(on) => store.getState().setSwitch('priceInfo', on)} />
        <Typography.Text type="secondary">价格按各国币种填写(日元无小数),保存时转为最小单位。</Typography.Text>
      </Space>
      <Table<Country>
        rowKey="country_code"
        size="small"
        pagination={false}
        dataSource={[...PRICE_COUNTRIES]}
        style={{ maxWidth: detail ? 900 : 560 }}
        columns={[
          { title: '国家', dataIndex: 'country', width: 110 },
          { title: '币种', dataIndex: 'currency', width: 80 },
          { title: '价格', key: 'price', render: (_, c) => <PriceInput code={c.country_code} /> },
          ...(detail
            ? [
                {
                  title: '汇率 / 利润率 / 运费 / 取整',
                  key: 'setting',
                  render: (_: unknown, c: Country) => {
                    const s = info && settingOf(info, c.country_code);
                    return s
                      ? `${s.exchange_rate} / ${s.margin}% / ${minorToMajor(s.shipping, 2)}元 / ${s.rounding}`
                      : '-';
                  },
                },
              ]
            : []),
        ]}
      />
    </>
  );
});
