import { CARRIER_OPTIONS, carrierMatches, carrierServices, OTHER_CARRIER } from '@console/shared/constants/carriers';
import { MARKETPLACES } from '@console/shared/constants/marketplaces';
import { QUOTE_REFUSALS } from '@console/shared/logistics/quote';
import type { ChannelRow } from '@console/shared/schemas/logistics';
import {
  Alert,
  AutoComplete,
  Button,
  Checkbox,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
} from 'antd';
import { useState } from 'react';
import { useSaveChannel } from '../../../api/logistics';
import { useFeedback } from '../../../app/ui-bridge';
import { saveFailure } from '../../../lib/version-conflict';
import {
  type ChannelFormValues,
  channelBodyOf,
  channelFormValues,
  EMPTY_CHANNEL,
  previewQuote,
  yuanFieldRule,
  yuanText,
} from './channel-form-model';

/** The carriers Chinese sellers use first, then Amazon's others (issue 29 §2). */
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
const carrierByValue = new Map(CARRIER_OPTIONS.map((c) => [c.value, c]));

const COUNTRY_OPTIONS = MARKETPLACES.map((m) => ({ value: m.iso, label: `${m.name} ${m.iso}` }));
const required = (message: string) => [{ required: true, message }];

interface PreviewParcel {
  weight_g: number;
  length_mm: number;
  width_mm: number;
  height_mm: number;
  country: string;
  is_electric: boolean;
}

/** 试算 of the form before saving (the shared quote function the server charges with). */
function QuotePreview({ values }: { values: Partial<ChannelFormValues> }) {
  const [p, setP] = useState<PreviewParcel>({
    weight_g: 300,
    length_mm: 200,
    width_mm: 150,
    height_mm: 100,
    country: values.countries?.[0] ?? 'DE',
    is_electric: false,
  });
  const q = previewQuote(values, p);
  const num = (k: keyof PreviewParcel, label: string) => (
    <InputNumber
      size="small"
      min={1}
      precision={0}
      addonBefore={label}
      value={p[k] as number}
      onChange={(v) => setP({ ...p, [k]: v ?? 0 })}
      style={{ width: 150 }}
    />
  );
  return (
    <div data-testid="channel-quote-preview">
      <Space wrap>
        {num('weight_g', '重量(g)')}
        {num('length_mm', '长(mm)')}
        {num('width_mm', '宽(mm)')}
        {num('height_mm', '高(mm)')}
        <Select
          size="small"
          style={{ width: 120 }}
          value={p.country}
          onChange={(country) => setP({ ...p, country })}
          options={COUNTRY_OPTIONS}
        />
        <Checkbox checked={p.is_electric} onChange={(e) => setP({ ...p, is_electric: e.target.checked })}>
          带电
        </Checkbox>
      </Space>
      <div style={{ marginTop: 8 }} data-testid="channel-quote-result">
        {q === null
          ? '请先填写首重、续重和价格'
          : q.ok
            ? `计费重 ${q.chargeable_g} g,运费 ¥${yuanText(q.freight)}`
            : `不可用:${QUOTE_REFUSALS[q.refusal]}`}
      </div>
    </div>
  );
}

/**
 * Create or edit a channel of the caller's book. Money in yuan text, read exactly into fen
 * (`channel-form-model.ts`); a save that someone else's save overtook (409) says so and offers
 * to load the current version.
 */
export function ChannelFormDialog({
  channel,
  open,
  onClose,
  latest,
}: {
  /** The channel to edit; null creates one. */
  channel: ChannelRow | null;
  open: boolean;
  onClose: () => void;
  /** Reads the channel as saved now (to reload after a stale save). */
  latest: (id: number) => Promise<ChannelRow | undefined>;
}) {
  const [form] = Form.useForm<ChannelFormValues>();
  const values = Form.useWatch([], form) as Partial<ChannelFormValues> | undefined;
  const save = useSaveChannel();
  const { message } = useFeedback();
  const [stale, setStale] = useState<string | null>(null);
  const [version, setVersion] = useState(channel?.version ?? 0);
  const carrier = Form.useWatch('carrier_code', form);
  const battery = Form.useWatch('battery_allowed', form);

  const submit = (v: ChannelFormValues) => {
    const b = channelBodyOf(v);
    if (!b.ok) {
      form.setFields([{ name: b.field, errors: [b.error] }]);
      return;
    }
    const body = channel ? { ...b.body, id: channel.id, version } : b.body;
    save.mutate(body, {
      onSuccess: () => {
        message.success(channel ? '修改成功' : '添加成功');
        onClose();
      },
      onError: (err) => {
        const f = saveFailure(err);
        if (f.stale) setStale('该渠道已被他人修改,您的修改未保存。请载入最新内容,核对后重新保存。');
        else message.error(f.text);
      },
    });
  };
  const reload = async () => {
    const now = channel ? await latest(channel.id) : undefined;
    if (now) {
      form.setFieldsValue(channelFormValues(now));
      setVersion(now.version);
    }
    setStale(null);
  };

  return (
    <Modal
      title={channel ? `编辑渠道 ${channel.name}` : '新增渠道'}
      open={open}
      width={860}
      onCancel={onClose}
      destroyOnHidden
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
    >
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={stale}
          data-testid="channel-stale"
          action={
            <Button size="small" onClick={reload}>
              载入最新
            </Button>
          }
        />
      )}
      <Form<ChannelFormValues>
        form={form}
        layout="vertical"
        initialValues={channel ? channelFormValues(channel) : EMPTY_CHANNEL}
        onFinish={submit}
        data-testid="channel-form"
      >
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item label="渠道名称" name="name" rules={required('请填写渠道名称')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="承运商" name="carrier_code" rules={required('请选择承运商')}>
              <Select
                showSearch={{
                  // Chinese name, English name or code: 云途, yun, YunExpress.
                  filterOption: (input, o) => {
                    const c = o && 'value' in o ? carrierByValue.get(String(o.value)) : undefined;
                    return c ? carrierMatches(c, input) : false;
                  },
                }}
                placeholder="输入中文名、英文名或代码搜索"
                options={CARRIER_SELECT}
                data-testid="carrier-select"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            {carrier === OTHER_CARRIER ? (
              <Form.Item label="承运商名称" name="carrier_name" rules={required('承运商为"其他"时请填写承运商名称')}>
                <Input maxLength={64} />
              </Form.Item>
            ) : (
              <Form.Item label="服务" name="service">
                {carrierServices(carrier ?? '').length > 0 ? (
                  // Known services to choose from; a contract's own service name may still be typed.
                  <AutoComplete
                    maxLength={64}
                    placeholder="选择或输入服务"
                    options={carrierServices(carrier ?? '').map((v) => ({ value: v }))}
                    showSearch={{
                      filterOption: (input, o) =>
                        String(o?.value ?? '')
                          .toLowerCase()
                          .includes(input.toLowerCase()),
                    }}
                    data-testid="service-select"
                  />
                ) : (
                  <Input maxLength={64} placeholder="如 Standard / 挂号小包" />
                )}
              </Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item label="目的国家" name="countries" rules={required('请选择目的国家')}>
          <Select
            mode="tags"
            options={COUNTRY_OPTIONS}
            tokenSeparators={[',', ' ']}
            placeholder="选择或输入两位国家代码"
          />
        </Form.Item>
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item label="首重(g)" name="first_weight_g" rules={required('请填写首重')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="首重价格(元)" name="first_price" rules={[yuanFieldRule('first_price')]}>
              <Input prefix="¥" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="续重单位(g)" name="step_weight_g" rules={required('请填写续重单位')}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="续重价格(元)" name="step_price" rules={[yuanFieldRule('step_price')]}>
              <Input prefix="¥" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="挂号费(元)" name="registration_fee" rules={[yuanFieldRule('registration_fee')]}>
              <Input prefix="¥" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="服务费(元/件)" name="service_fee" rules={[yuanFieldRule('service_fee')]}>
              <Input prefix="¥" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              label="体积重系数"
              name="volumetric_divisor"
              tooltip="长×宽×高(cm³)÷系数 = 体积重(kg);0 不计体积重"
            >
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="最低计费重(g)" name="min_weight_g">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="重量上限(g)" name="max_weight_g" tooltip="0 不限">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="最长边上限(mm)" name="max_side_mm" tooltip="0 不限">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="接受带电" name="battery_allowed" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={6}>
            {battery && (
              <Form.Item label="带电附加费(元)" name="battery_surcharge" rules={[yuanFieldRule('battery_surcharge')]}>
                <Input prefix="¥" />
              </Form.Item>
            )}
          </Col>
          <Col span={6}>
            <Form.Item label="启用" name="enabled" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Divider plain>试算</Divider>
      <QuotePreview values={values ?? {}} />
    </Modal>
  );
}
