import { countryName } from '@console/shared/constants/marketplaces';
import type { OrderSyncResult } from '@console/shared/schemas/order';
import {
  TEST_ORDER_CHANNEL_LABELS,
  TEST_ORDER_CHANNELS,
  TEST_ORDER_MAX,
  TEST_ORDER_MAX_LISTINGS,
  type TestOrdersBody,
} from '@console/shared/schemas/order-test';
import type { ShopView } from '@console/shared/schemas/shop';
import { Alert, Form, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useJobProgress } from '../../../../api/jobs';
import { useCreateTestOrders, useTestOrderListings } from '../../../../api/order-test';
import { useFeedback } from '../../../../app/ui-bridge';

interface Values {
  listings: string[];
  count: number;
  channel: TestOrdersBody['channel'];
}

/**
 * 生成测试订单 of a sandbox shop: the shop's simulated Amazon places paid orders for the chosen
 * live listings, then the shop's order sync reads them into 订单处理 (docs/orders.md "Test orders").
 */
export function TestOrderDialog({ shop, onClose }: { shop: ShopView | null; onClose: () => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const listings = useTestOrderListings(shop?.id ?? null);
  const create = useCreateTestOrders();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJobProgress<OrderSyncResult>(jobId);
  const status = job.data?.status;
  const rows = listings.data?.list ?? [];

  useEffect(() => {
    if (!shop) return;
    form.resetFields();
    setJobId(null);
  }, [shop, form]);

  useEffect(() => {
    if (status !== 'done' && status !== 'failed') return;
    if (status === 'done') message.success('测试订单已同步到订单处理');
    else message.error(job.data?.error ?? '订单同步失败,测试订单将在下次自动同步时出现');
    setJobId(null);
    onClose();
  }, [status, job.data, message, onClose]);

  const submit = async () => {
    if (!shop) return;
    const v = await form.validateFields();
    const made = await create.mutateAsync({
      shop_id: shop.id,
      count: v.count,
      channel: v.channel,
      listings: v.listings.map((key) => {
        const [marketplace = '', ...sku] = key.split('|');
        return { marketplace, sku: sku.join('|') } as TestOrdersBody['listings'][number];
      }),
    });
    message.info(`已生成 ${made.ids.length} 个测试订单,正在同步…`);
    setJobId(made.job_id);
  };

  return (
    <Modal
      title={`生成测试订单 - ${shop?.name ?? ''}`}
      open={shop !== null}
      width={640}
      onCancel={onClose}
      onOk={submit}
      okText="生成"
      cancelText="取消"
      okButtonProps={{ loading: create.isPending || jobId !== null, disabled: rows.length === 0 }}
      destroyOnHidden
      // The whole dialog (form and buttons) under one test id: a Modal passes no data-* to its root.
      modalRender={(node) => <div data-testid="test-order-dialog">{node}</div>}
    >
      <Typography.Paragraph type="secondary">
        沙箱亚马逊为所选商品生成已付款的订单(每单1件),随后同步到
        <Link to="/order/list">订单处理</Link>,可用来试用采购、配货和发货。
      </Typography.Paragraph>
      {!listings.isFetching && rows.length === 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="该店铺还没有在售商品"
          description="请先上传商品或跟卖,商品在沙箱亚马逊上架后即可生成测试订单。"
        />
      )}
      <Form<Values> form={form} layout="vertical" initialValues={{ count: 5, channel: 'MFN', listings: [] }}>
        <Form.Item
          name="listings"
          label="商品"
          rules={[
            { required: true, message: '请选择商品' },
            {
              validator: (_, v: string[] | undefined) =>
                (v?.length ?? 0) > TEST_ORDER_MAX_LISTINGS
                  ? Promise.reject(new Error(`最多选择${TEST_ORDER_MAX_LISTINGS}个商品`))
                  : Promise.resolve(),
            },
          ]}
        >
          <Select
            mode="multiple"
            placeholder="选择在售商品(自有商品或跟卖商品)"
            loading={listings.isFetching}
            optionFilterProp="label"
            data-testid="test-order-listings"
            options={rows.map((l) => ({
              value: `${l.marketplace}|${l.sku}`,
              label: `${countryName(l.marketplace)} · ${l.source === 'follow' ? '[跟卖] ' : ''}${l.title} (${l.sku})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="count" label="订单数量" rules={[{ required: true, message: '请输入订单数量' }]}>
          <InputNumber
            min={1}
            max={TEST_ORDER_MAX}
            precision={0}
            style={{ width: 160 }}
            data-testid="test-order-count"
          />
        </Form.Item>
        <Form.Item name="channel" label="配送方式">
          <Radio.Group options={TEST_ORDER_CHANNELS.map((c) => ({ value: c, label: TEST_ORDER_CHANNEL_LABELS[c] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
