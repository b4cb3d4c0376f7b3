import { CURRENCIES, minor, moneyFromNumber, moneyToNumber, unitsFromNumber, unitsToText } from '@console/shared/money';
import { DECLARED_CURRENCIES, type OverseasSku, skuFields } from '@console/shared/schemas/overseas-sku';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Spin, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { useSku, useSkuMutations } from '../../../api/overseas-sku';
import { useFeedback } from '../../../app/ui-bridge';
import { usePageSearchParams } from '../../../layout/keep-alive/keep-alive-outlet';
import { PageContainer } from '../../../layout/page/page-container';
import { zodRule } from '../../../lib/zod-rule';
import { GoodsLinkFields, HsCodeField } from './components/goods-link-fields';
import { PicturesField } from './components/pictures-field';

/** The form's values: sizes in cm, the declared value in major units of its currency. */
interface Values {
  sku: string;
  title: string;
  name_en: string;
  goods_id: number | null;
  goods_sku: string | null;
  barcode: string;
  weight_g: number | null;
  length_cm: number | null;
  width_cm: number | null;
  height_cm: number | null;
  declared_value: number | null;
  declared_currency: string;
  hs_code: string | null;
  battery: boolean;
  pictures: string[];
  reorder_point: number | null;
}

const cm = (mm: number | null) => (mm === null ? null : Number(unitsToText(mm, 1)));
const mm = (v: number | null) => (v === null || v === undefined ? null : unitsFromNumber(v, 1));

function initial(s: OverseasSku | undefined): Values {
  return {
    sku: s?.sku ?? '',
    title: s?.title ?? '',
    name_en: s?.name_en ?? '',
    goods_id: s?.goods_id ?? null,
    goods_sku: s?.goods_sku || null,
    barcode: s?.barcode ?? '',
    weight_g: s?.weight_g ?? null,
    length_cm: cm(s?.length_mm ?? null),
    width_cm: cm(s?.width_mm ?? null),
    height_cm: cm(s?.height_mm ?? null),
    declared_value:
      s?.declared_value_minor == null ? null : moneyToNumber(minor(s.declared_value_minor), s.declared_currency),
    declared_currency: s?.declared_currency ?? 'USD',
    hs_code: s?.hs_code || null,
    battery: s?.battery ?? false,
    pictures: s?.pictures ?? [],
    reorder_point: s?.reorder_point ?? 0,
  };
}

const CURRENCY_SELECT = DECLARED_CURRENCIES.map((c) => ({ value: c, label: `${c} ${CURRENCIES[c].name}` }));
const shape = skuFields.shape;

/** 添加SKU (`/overseas/sku/add`; `?id=` edits that SKU): the warehouse facts of a SKU. */
export function SkuAddPage() {
  const params = usePageSearchParams();
  const idText = params.get('id');
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : null;
  const sku = useSku(id);
  const { save } = useSkuMutations();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  if (id !== null && sku.isPending) return <Spin style={{ margin: 48 }} />;
  if (id !== null && sku.isError)
    return <Alert type="error" showIcon message="SKU不存在或无权查看" style={{ margin: 24 }} />;
  const current = sku.data;
  const submit = () =>
    form.validateFields().then(async (v) => {
      const value = v.declared_value === null ? null : moneyFromNumber(v.declared_value, v.declared_currency);
      const saved = await save.mutateAsync({
        sku: v.sku,
        title: v.title,
        name_en: v.name_en ?? '',
        goods_id: v.goods_id ?? null,
        goods_sku: v.goods_sku ?? '',
        barcode: v.barcode ?? '',
        weight_g: v.weight_g ?? null,
        length_mm: mm(v.length_cm),
        width_mm: mm(v.width_cm),
        height_mm: mm(v.height_cm),
        declared_value_minor: value,
        declared_currency: v.declared_currency as never,
        hs_code: v.hs_code ?? '',
        battery: v.battery,
        pictures: v.pictures ?? [],
        reorder_point: v.reorder_point ?? 0,
        ...(current ? { id: current.id, version: current.version } : {}),
      });
      message.success(`已保存 SKU ${saved.sku}`);
      if (!current) form.resetFields();
      navigate('/overseas/sku/list');
    });
  const size = (name: keyof Values, label: string) => (
    <Form.Item label={label} name={name}>
      <InputNumber min={0.1} max={1000} precision={1} style={{ width: 120 }} data-testid={`sku-${name}`} />
    </Form.Item>
  );
  return (
    <PageContainer title={current ? `编辑SKU ${current.sku}` : '添加SKU'}>
      <Card style={{ maxWidth: 860 }}>
        <Form<Values>
          key={current ? `${current.id}-${current.version}` : 'new'}
          form={form}
          layout="vertical"
          initialValues={initial(current)}
          data-testid="sku-form"
        >
          <Space.Compact block>
            <Form.Item label="SKU" name="sku" rules={[zodRule(shape.sku)]} style={{ width: '34%' }}>
              <Input maxLength={64} data-testid="sku-sku" />
            </Form.Item>
            <Form.Item label="中文名称" name="title" rules={[zodRule(shape.title)]} style={{ width: '33%' }}>
              <Input maxLength={200} data-testid="sku-title" />
            </Form.Item>
            <Form.Item label="英文名称" name="name_en" style={{ width: '33%' }}>
              <Input maxLength={200} data-testid="sku-name-en" />
            </Form.Item>
          </Space.Compact>
          <GoodsLinkFields />
          <Form.Item label="条码" name="barcode" rules={[zodRule(shape.barcode)]}>
            <Input maxLength={64} style={{ width: 280 }} data-testid="sku-barcode" />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item label="重量(g)" name="weight_g">
              <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 140 }} data-testid="sku-weight" />
            </Form.Item>
            {size('length_cm', '长(cm)')}
            {size('width_cm', '宽(cm)')}
            {size('height_cm', '高(cm)')}
          </Space>
          <Space wrap size="large">
            <Form.Item label="申报价值" name="declared_value">
              <InputNumber min={0} max={10_000_000} precision={2} style={{ width: 160 }} data-testid="sku-declared" />
            </Form.Item>
            <Form.Item label="申报币种" name="declared_currency">
              <Select options={CURRENCY_SELECT} style={{ width: 160 }} showSearch optionFilterProp="label" />
            </Form.Item>
            <Form.Item label="带电" name="battery" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
            <Form.Item label="补货点" name="reorder_point" extra="可用库存低于此数时提醒补货">
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 140 }} />
            </Form.Item>
          </Space>
          <HsCodeField />
          <PicturesField />
          <Space>
            <Button type="primary" loading={save.isPending} onClick={submit} data-testid="sku-save">
              保存
            </Button>
            <Button onClick={() => navigate('/overseas/sku/list')}>返回列表</Button>
          </Space>
        </Form>
      </Card>
    </PageContainer>
  );
}
