import { minor, parseMoney, toDecimalString } from '@console/shared/money';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { type FollowOffer, useFollowMutations } from '../../../../api/follow';
import { useFeedback } from '../../../../app/ui-bridge';

type Values = { price: string; quantity: number; reprice: boolean; min: string; max: string };

/** Text of an amount for an input (major units), empty for none. */
const text = (v: number | null, currency: string) => (v === null ? '' : toDecimalString(minor(v), currency));

/** 修改 a follow offer: price and stock (0 pauses it) on Amazon, and its repricing range. */
export function OfferEditDialog({ offer, onClose }: { offer: FollowOffer | null; onClose: () => void }) {
  const { message } = useFeedback();
  const { update, reprice } = useFollowMutations();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (offer)
      form.setFieldsValue({
        price: text(offer.price, offer.currency),
        quantity: offer.quantity,
        reprice: offer.reprice_enabled,
        min: text(offer.reprice_min, offer.currency),
        max: text(offer.reprice_max, offer.currency),
      });
  }, [offer, form]);
  if (!offer) return null;
  const amount = (v: string) => {
    const r = parseMoney(v, offer.currency);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  };
  const moneyRule = { validator: async (_: unknown, v: string) => (v ? void amount(v) : undefined) };
  return (
    <Modal
      title={`修改跟卖 ${offer.asin}`}
      open
      onCancel={onClose}
      confirmLoading={update.isPending || reprice.isPending}
      onOk={async () => {
        const v = await form.validateFields();
        let version = offer.version;
        const price = amount(v.price);
        if (price !== offer.price || v.quantity !== offer.quantity)
          version = (await update.mutateAsync({ id: offer.id, version, price, quantity: v.quantity })).version;
        const min = v.min ? amount(v.min) : null;
        const max = v.max ? amount(v.max) : null;
        if (v.reprice !== offer.reprice_enabled || min !== offer.reprice_min || max !== offer.reprice_max)
          await reprice.mutateAsync({ id: offer.id, version, enabled: v.reprice, min, max });
        message.success('修改成功');
        onClose();
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          label={`价格(${offer.currency})`}
          name="price"
          rules={[{ required: true, message: '请填写价格' }, moneyRule]}
        >
          <Input />
        </Form.Item>
        <Form.Item label="库存(0为暂停)" name="quantity" rules={[{ required: true, message: '请填写库存' }]}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <Form.Item
          label="自动跟随购物车调价"
          name="reprice"
          valuePropName="checked"
          extra="开启后系统每10分钟检查一次购物车:他人持有时调到比购物车价格低一个最小货币单位(如0.01),不低于最低价、不高于最高价"
        >
          <Switch />
        </Form.Item>
        <Form.Item label="最低价" name="min" rules={[moneyRule]}>
          <Input />
        </Form.Item>
        <Form.Item label="最高价" name="max" rules={[moneyRule]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
