import { PRICE_COUNTRIES } from '@console/shared/constants/marketplaces';
import { computePrice, type PriceInfo } from '@console/shared/schemas/price-settings';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Space, Switch, Table, Typography } from 'antd';
import { memo, useState } from 'react';
import { goodsKeys } from '../../../../api/goods';
import { get } from '../../../../api/http';
import { useFeedback } from '../../../../app/ui-bridge';
import { countryDigits, minorToMajor } from '../../lib/money';
import { RatesNote } from '../../price-settings/rates-note';
import { priceTextError } from '../editor-model';
import { useEditor, useEditorStore } from '../editor-store';

type Country = (typeof PRICE_COUNTRIES)[number];

/** One country's price: empty means not sold there (docs/decisions.md); 0, negative and malformed amounts say why. */
const PriceInput = memo(function PriceInput({ code }: { code: string }) {
  const value = useEditor((s) => s.draft.prices[code] ?? '');
  const store = useEditorStore();
  const error = priceTextError(value, code);
  return (
    <Space size={8}>
      <Input
        value={value}
        status={error ? 'error' : undefined}
        inputMode="decimal"
        placeholder="不在该国销售"
        style={{ width: 160 }}
        onChange={(e) => store.getState().setPrices({ [code]: e.target.value })}
        data-testid={`price-${code}`}
      />
      {error ? (
        <Typography.Text type="danger" data-testid={`price-error-${code}`}>
          {error}
        </Typography.Text>
      ) : value.trim() === '' ? (
        <Typography.Text type="secondary">不销售</Typography.Text>
      ) : null}
    </Space>
  );
});

/** How many countries have a price (the product is sold there). */
const SoldCount = memo(function SoldCount() {
  const n = useEditor((s) => Object.values(s.draft.prices).filter((v) => v.trim() !== '').length);
  return (
    <Typography.Text type="secondary" data-testid="price-sold-count">
      在{n}个国家销售;价格留空表示不在该国销售,价格须大于0。
    </Typography.Text>
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
        // A computed price of 0 would be refused: the country stays unsold.
        const price = s ? computePrice(cost, s) : 0;
        if (s) prices[c.country_code] = price > 0 ? minorToMajor(price, countryDigits(c.country_code)) : '';
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
      <div style={{ marginBottom: 8 }}>
        <SoldCount />
      </div>
      {info && (
        <div style={{ marginBottom: 8 }}>
          <RatesNote info={info} />
        </div>
      )}
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
