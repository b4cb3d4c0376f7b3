import { CARRIER_OPTIONS } from '@console/shared/constants/carriers';
import { minor, moneyFromNumber, moneyToNumber } from '@console/shared/money';
import {
  type OverseasWarehouse,
  WAREHOUSE_COUNTRIES,
  WAREHOUSE_FEES,
  warehouseSaveBody,
} from '@console/shared/schemas/overseas-warehouse';
import { Button, Drawer, Form, Input, InputNumber, Select, Space } from 'antd';
import { useWarehouseMutations } from '../../../api/overseas-warehouse';
import { zodRule } from '../../../lib/zod-rule';

type FeeKey = (typeof WAREHOUSE_FEES)[number][0];
type Values = Omit<OverseasWarehouse, 'id' | 'active' | 'updated_at' | 'version' | FeeKey> &
  Record<FeeKey, number | null>;

const COUNTRY_SELECT = WAREHOUSE_COUNTRIES.map((c) => ({ value: c.iso, label: `${c.name} ${c.iso}` }));
const CARRIER_SELECT = [
  {
    label: '常用承运商',
    options: CARRIER_OPTIONS.filter((c) => c.common).map((c) => ({ value: c.value, label: c.label })),
  },
  {
    label: '其他承运商',
    options: CARRIER_OPTIONS.filter((c) => !c.common).map((c) => ({ value: c.value, label: c.label })),
  },
];
const ADDRESS: [keyof OverseasWarehouse['address'], string][] = [
  ['contact', '联系人'],
  ['phone', '电话'],
  ['line1', '地址1'],
  ['line2', '地址2'],
  ['city', '城市'],
  ['state', '州/省'],
  ['postal_code', '邮编'],
];
const shape = warehouseSaveBody.shape;

/** The fees in 元 for the form (stored in fen). */
function initial(w: OverseasWarehouse | null): Values {
  const yuan = (fen: number) => moneyToNumber(minor(fen), 'CNY');
  if (!w)
    return {
      code: '',
      name: '',
      country: 'DE',
      address: { contact: '', phone: '', line1: '', line2: '', city: '', state: '', postal_code: '' },
      carriers: [],
      handling_fee_minor: 0,
      unit_fee_minor: 0,
      delivery_fee_minor: 0,
      storage_fee_cbm_day_minor: 0,
    };
  return {
    code: w.code,
    name: w.name,
    country: w.country,
    address: w.address,
    carriers: w.carriers,
    handling_fee_minor: yuan(w.handling_fee_minor),
    unit_fee_minor: yuan(w.unit_fee_minor),
    delivery_fee_minor: yuan(w.delivery_fee_minor),
    storage_fee_cbm_day_minor: yuan(w.storage_fee_cbm_day_minor),
  };
}

/** 新增仓库 / 编辑仓库: a drawer with the warehouse's code, country, address, carriers and fees in 元. */
export function WarehouseForm({ target, onClose }: { target: OverseasWarehouse | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { save } = useWarehouseMutations();
  const current = target === 'new' ? null : target;
  const submit = () =>
    form.validateFields().then(async (v) => {
      const fen = (x: number | null) => moneyFromNumber(x ?? 0, 'CNY') ?? 0;
      await save.mutateAsync({
        ...v,
        handling_fee_minor: fen(v.handling_fee_minor),
        unit_fee_minor: fen(v.unit_fee_minor),
        delivery_fee_minor: fen(v.delivery_fee_minor),
        storage_fee_cbm_day_minor: fen(v.storage_fee_cbm_day_minor),
        ...(current ? { id: current.id, version: current.version } : {}),
      });
      onClose();
    });
  return (
    <Drawer
      title={current ? `编辑仓库 ${current.code}` : '新增仓库'}
      open={target !== null}
      onClose={onClose}
      destroyOnHidden
      size={560}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={submit} data-testid="warehouse-save">
            保存
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initial(current)}
        data-testid="warehouse-form"
      >
        <Space.Compact block>
          <Form.Item label="仓库代码" name="code" rules={[zodRule(shape.code)]} style={{ width: '40%' }}>
            <Input maxLength={20} placeholder="如 DE-01" data-testid="warehouse-code" />
          </Form.Item>
          <Form.Item label="仓库名称" name="name" rules={[zodRule(shape.name)]} style={{ width: '60%' }}>
            <Input maxLength={100} data-testid="warehouse-name" />
          </Form.Item>
        </Space.Compact>
        <Form.Item label="国家" name="country" rules={[{ required: true, message: '请选择国家' }]}>
          <Select options={COUNTRY_SELECT} showSearch optionFilterProp="label" data-testid="warehouse-country" />
        </Form.Item>
        {ADDRESS.map(([key, label]) => (
          <Form.Item key={key} label={label} name={['address', key]}>
            <Input maxLength={key === 'line1' || key === 'line2' ? 200 : 100} />
          </Form.Item>
        ))}
        <Form.Item label="承运商" name="carriers">
          <Select mode="multiple" options={CARRIER_SELECT} showSearch optionFilterProp="label" allowClear />
        </Form.Item>
        {WAREHOUSE_FEES.map(([key, label]) => (
          <Form.Item
            key={key}
            label={`${label}(元)`}
            name={key}
            rules={[{ required: true, message: `请填写${label}` }]}
          >
            <InputNumber
              min={0}
              max={1_000_000}
              precision={2}
              style={{ width: 200 }}
              data-testid={`warehouse-${key}`}
            />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
