import { countryName } from '@console/shared/constants/marketplaces';
import type { FbaShipmentSaveBody } from '@console/shared/schemas/fba-shipment';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useFbaShipmentMutations, useFbaSkuOptions } from '../../../api/fba-shipment';
import { useShopOptions } from '../../../api/shop';

interface Line {
  stock_id: number;
  sku: string;
  title: string;
  china_available: number;
  msku: string;
  quantity: number;
  /** Units per box and boxes (each SKU packed in boxes of its own). */
  per_box: number;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  weight_g: number;
}

const ADDRESS = [
  'name',
  'addressLine1',
  'city',
  'stateOrProvinceCode',
  'postalCode',
  'countryCode',
  'phoneNumber',
] as const;
const ADDRESS_LABELS: Record<(typeof ADDRESS)[number], string> = {
  name: '发货人',
  addressLine1: '地址',
  city: '城市',
  stateOrProvinceCode: '省/州',
  postalCode: '邮编',
  countryCode: '国家代码',
  phoneNumber: '电话',
};

/**
 * 创建头程发货: shop and marketplace, the SKU lines (the tenant's 备货商品 with China available
 * shown), the boxes of each SKU (units per box, size in cm, weight in kg) and the ship-from address.
 */
export function ShipmentCreateDrawer(p: { open: boolean; onClose: () => void; onSaved: (id: number) => void }) {
  const shops = useShopOptions();
  const [shopId, setShopId] = useState<number>();
  const [marketplace, setMarketplace] = useState<string>();
  const [name, setName] = useState('');
  const [keyword, setKeyword] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [address, setAddress] = useState<Record<string, string>>({ countryCode: 'CN' });
  const [autoChoose, setAutoChoose] = useState(false);
  const skus = useFbaSkuOptions(keyword);
  const { save } = useFbaShipmentMutations();
  const shop = shops.data?.list.find((s) => s.id === shopId);
  const set = (i: number, patch: Partial<Line>) => setLines(lines.map((l, n) => (n === i ? { ...l, ...patch } : l)));
  const body = useMemo<FbaShipmentSaveBody | null>(() => {
    if (!shopId || !marketplace || lines.length === 0) return null;
    return {
      shop_id: shopId,
      marketplace,
      name,
      source_address: {
        name: address.name ?? '',
        addressLine1: address.addressLine1 ?? '',
        addressLine2: '',
        city: address.city ?? '',
        stateOrProvinceCode: address.stateOrProvinceCode ?? '',
        postalCode: address.postalCode ?? '',
        countryCode: (address.countryCode ?? '').toUpperCase(),
        phoneNumber: address.phoneNumber ?? '',
      },
      items: lines.map((l) => ({ stock_id: l.stock_id, msku: l.msku, quantity: l.quantity })),
      boxes: lines.flatMap((l) => {
        const full = Math.floor(l.quantity / Math.max(1, l.per_box));
        const rest = l.quantity - full * l.per_box;
        const dims = { length_mm: l.length_mm, width_mm: l.width_mm, height_mm: l.height_mm, weight_g: l.weight_g };
        return [
          ...(full > 0 ? [{ ...dims, quantity: full, items: [{ stock_id: l.stock_id, quantity: l.per_box }] }] : []),
          ...(rest > 0 ? [{ ...dims, quantity: 1, items: [{ stock_id: l.stock_id, quantity: rest }] }] : []),
        ];
      }),
      auto_choose: autoChoose,
    };
  }, [shopId, marketplace, name, lines, address, autoChoose]);
  return (
    <Drawer
      title="创建头程发货"
      open={p.open}
      size="large"
      onClose={p.onClose}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          data-testid="fba-shipment-save"
          disabled={!body}
          loading={save.isPending}
          onClick={async () => {
            if (!body) return;
            const r = await save.mutateAsync(body);
            setLines([]);
            p.onSaved(r.id);
          }}
        >
          保存草稿
        </Button>
      }
    >
      <Form layout="vertical">
        <Space wrap>
          <Form.Item label="店铺" required>
            <Select
              style={{ width: 200 }}
              data-testid="fba-shipment-shop"
              value={shopId}
              onChange={(v: number) => {
                setShopId(v);
                setMarketplace(undefined);
              }}
              options={(shops.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item label="站点" required>
            <Select
              style={{ width: 140 }}
              data-testid="fba-shipment-marketplace"
              value={marketplace}
              onChange={setMarketplace}
              options={(shop?.marketplaces ?? []).map((m) => ({ value: m, label: countryName(m) }))}
            />
          </Form.Item>
          <Form.Item label="名称">
            <Input style={{ width: 220 }} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          </Form.Item>
          <Form.Item label="分仓与承运" tooltip="不勾选时,亚马逊给出方案后由您选择分仓方案和每个货件的承运方式">
            <Checkbox
              checked={autoChoose}
              data-testid="fba-shipment-auto"
              onChange={(e) => setAutoChoose(e.target.checked)}
            >
              自动选择推荐方案
            </Checkbox>
          </Form.Item>
        </Space>
        <Card size="small" title="发货地址" style={{ marginBottom: 12 }}>
          <Space wrap>
            {ADDRESS.map((k) => (
              <Input
                key={k}
                addonBefore={ADDRESS_LABELS[k]}
                style={{ width: k === 'addressLine1' ? 360 : 220 }}
                data-testid={`fba-address-${k}`}
                value={address[k] ?? ''}
                onChange={(e) => setAddress({ ...address, [k]: e.target.value })}
              />
            ))}
          </Space>
        </Card>
        <Card size="small" title="商品与装箱">
          <Select
            showSearch
            style={{ width: 360, marginBottom: 8 }}
            placeholder="搜索SKU添加(显示国内可用库存)"
            data-testid="fba-shipment-sku"
            filterOption={false}
            onSearch={setKeyword}
            value={null}
            options={(skus.data?.list ?? [])
              .filter((s) => !lines.some((l) => l.stock_id === s.id))
              .map((s) => ({ value: s.id, label: `${s.sku} ${s.title}(国内可用 ${s.china_available})` }))}
            onChange={(id: number) => {
              const s = skus.data?.list.find((x) => x.id === id);
              if (!s) return;
              const line: Line = {
                stock_id: s.id,
                sku: s.sku,
                title: s.title,
                china_available: s.china_available,
                msku: s.sku,
                quantity: 1,
                per_box: 1,
                length_mm: 0,
                width_mm: 0,
                height_mm: 0,
                weight_g: 0,
              };
              setLines([...lines, line]);
            }}
          />
          <Table<Line>
            rowKey="stock_id"
            size="small"
            pagination={false}
            dataSource={lines}
            data-testid="fba-shipment-lines"
            scroll={{ x: 1000 }}
            columns={[
              { title: 'SKU', width: 140, render: (_, l) => <Typography.Text>{l.sku}</Typography.Text> },
              { title: '国内可用', dataIndex: 'china_available', width: 80 },
              {
                title: 'MSKU',
                width: 140,
                render: (_, l, i) => <Input value={l.msku} onChange={(e) => set(i, { msku: e.target.value })} />,
              },
              ...(
                [
                  ['quantity', '发货数量', 1],
                  ['per_box', '每箱数量', 1],
                  ['length_mm', '长(mm)', 0],
                  ['width_mm', '宽(mm)', 0],
                  ['height_mm', '高(mm)', 0],
                  ['weight_g', '每箱重(g)', 0],
                ] as const
              ).map(([k, title, min]) => ({
                title,
                width: 100,
                render: (_: unknown, l: Line, i: number) => (
                  <InputNumber
                    min={min}
                    precision={0}
                    value={l[k]}
                    data-testid={`fba-line-${k}`}
                    onChange={(v) => set(i, { [k]: v ?? min })}
                  />
                ),
              })),
              {
                title: '',
                width: 60,
                render: (_, l) => (
                  <Button type="link" danger onClick={() => setLines(lines.filter((x) => x !== l))}>
                    删除
                  </Button>
                ),
              },
            ]}
          />
          {lines.some((l) => l.quantity > l.china_available) && (
            <Alert type="warning" style={{ marginTop: 8 }} message="有SKU的发货数量超过国内可用库存,发货时会被拒绝" />
          )}
        </Card>
      </Form>
    </Drawer>
  );
}
